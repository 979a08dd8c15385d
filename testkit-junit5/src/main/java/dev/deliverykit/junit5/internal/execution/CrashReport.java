package dev.deliverykit.junit5.internal.execution;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.junit5.Guarantee;
import dev.deliverykit.junit5.internal.config.KitSettings;
import dev.deliverykit.junit5.internal.config.Shard;
import dev.deliverykit.junit5.internal.planning.KitCase;
import dev.deliverykit.junit5.internal.report.CaseEntry;
import dev.deliverykit.junit5.internal.report.CaseOutcome;
import dev.deliverykit.junit5.internal.report.CaseRows;
import dev.deliverykit.junit5.internal.report.GuaranteeRow;
import dev.deliverykit.junit5.internal.report.Report;
import dev.deliverykit.junit5.internal.report.ReportDirectory;
import dev.deliverykit.junit5.internal.report.ReportFiles;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Collects every kit invocation of one JUnit run and writes the report when JUnit closes the root store
 * (this is an {@link AutoCloseable} store value): this JVM's part, merged with the other JVMs' parts into
 * {@code report.json}, {@code report.html} and {@code report.md} ({@link ReportDirectory}), and this JVM's
 * Markdown summary on standard output. No launcher listener is needed, so it works under every launcher.
 */
@API(status = INTERNAL, since = "0.1")
public final class CrashReport implements AutoCloseable {

    /** Where the run's report is kept in the root store. */
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(CrashReport.class);

    private final KitSettings settings;
    private final PrintStream out;
    private final Map<String, CaseEntry> entries = new LinkedHashMap<>();
    private final Map<String, GuaranteeRow> guarantees = new LinkedHashMap<>();
    /** This JVM's part of the run, named when the report is created, so that attachments can go beside it. */
    private final String partName = ReportDirectory.newPartName();

    private boolean closed;
    /** Whether this shard skipped a test for having none of its cases: its report is written even if empty. */
    private boolean skippedInShard;

    CrashReport(KitSettings settings, PrintStream out) {
        this.settings = settings;
        this.out = out;
    }

    /** The run's report, created in the root store by the first invocation that needs it. */
    @SuppressWarnings("deprecation") // getOrComputeIfAbsent: computeIfAbsent does not exist in JUnit 5.14
    public static CrashReport of(ExtensionContext context, KitSettings settings) {
        return context.getRoot()
                .getStore(NAMESPACE)
                .getOrComputeIfAbsent(
                        CrashReport.class, type -> new CrashReport(settings, System.out), CrashReport.class);
    }

    /** The run's report, if an invocation has created it. */
    public static Optional<CrashReport> find(ExtensionContext context) {
        return Optional.ofNullable(context.getRoot().getStore(NAMESPACE).get(CrashReport.class, CrashReport.class));
    }

    /**
     * Opens the row of the invocation whose context this is; {@code caseNumber} is its number in an unsharded run of
     * its test, if known (see {@link CrashInvocation}).
     */
    synchronized CaseEntry open(ExtensionContext invocation, KitCase crashCase, OptionalInt caseNumber) {
        String template =
                invocation.getParent().map(ExtensionContext::getUniqueId).orElse(invocation.getUniqueId());
        Optional<Path> attachments = settings.reportEnabled()
                ? Optional.of(ReportDirectory.attachments(settings.reportDirectory(), partName)
                        .resolve(String.valueOf(entries.size() + 1)))
                : Optional.empty();
        CaseEntry entry = new CaseEntry(
                invocation.getRequiredTestClass(),
                invocation.getRequiredTestMethod().getName(),
                template,
                invocation.getUniqueId(),
                caseNumber,
                crashCase,
                attachments,
                (label, file) -> CaseReportEntries.publishFile(invocation, file));
        entries.put(invocation.getUniqueId(), entry);
        return entry;
    }

    /**
     * Records how the invocation ended, and publishes the case's report entries to JUnit ({@link
     * CaseReportEntries}): its name, its replay key and the report's location.
     */
    synchronized void finish(ExtensionContext invocation, CaseOutcome outcome, Throwable failure) {
        CaseEntry entry = entries.get(invocation.getUniqueId());
        if (entry != null) {
            entry.finish(
                    outcome, failure == null ? null : FailureMessages.withoutCase(FailureMessages.describe(failure)));
            CaseReportEntries.publish(
                    invocation,
                    entry.crashCase(),
                    entry.afterDeath(),
                    settings.reportEnabled()
                            ? Optional.of(settings.reportDirectory().resolve("report.html"))
                            : Optional.empty());
        }
    }

    /**
     * Records that this run's shard skipped a test without a case in it, so that the shard writes its report even
     * when it ran no case at all: the merge of the shards needs every shard's report.
     */
    synchronized void skippedInShard() {
        skippedInShard = true;
    }

    /** The row of the {@link Guarantee} test whose context this is, opened by its first case or skip. */
    public synchronized GuaranteeRow guarantee(ExtensionContext test, Guarantee guarantee) {
        return guarantees.computeIfAbsent(
                test.getUniqueId(),
                id -> new GuaranteeRow(
                        test.getRequiredTestClass(),
                        test.getRequiredTestMethod().getName(),
                        id,
                        guarantee));
    }

    /** The row of the invocation with this unique id, if it is a kit case. */
    public synchronized Optional<CaseEntry> entry(String uniqueId) {
        return Optional.ofNullable(entries.get(uniqueId));
    }

    /** The rows so far, in the order the invocations started. */
    synchronized List<CaseEntry> entries() {
        return new ArrayList<>(entries.values());
    }

    @Override
    public void close() {
        List<CaseEntry> rows;
        List<GuaranteeRow> checked;
        synchronized (this) {
            if (closed || entries.isEmpty() && guarantees.isEmpty() && !skippedInShard) {
                return;
            }
            closed = true;
            rows = new ArrayList<>(entries.values());
            checked = new ArrayList<>(guarantees.values());
        }
        Report part = CaseRows.part(
                rows,
                checked,
                ProcessHandle.current().pid(),
                Instant.now(),
                ReportDirectory.RUN,
                settings.shard().map(Shard::text),
                settings.reportDirectory());
        String location = "";
        if (settings.reportEnabled()) {
            location = ReportDirectory.publish(settings.reportDirectory(), partName, part)
                    .toString();
        }
        if (settings.summaryEnabled()) {
            out.print("\n" + new ReportFiles(part).markdownSummary(location));
            out.flush();
        }
    }
}
