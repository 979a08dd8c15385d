package dev.deliverykit.junit5.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.boundary.Boundary;
import dev.deliverykit.boundary.Selector;
import dev.deliverykit.invariant.InvariantResult;
import dev.deliverykit.invariant.Violation;
import dev.deliverykit.junit5.internal.config.KitVersion;
import dev.deliverykit.junit5.internal.planning.KitCase;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.apiguardian.api.API;

/** This JVM's part of the report, made from its invocations' rows and its guarantee tests' rows. */
@API(status = INTERNAL, since = "0.1")
public final class CaseRows {

    private CaseRows() {}

    /**
     * This JVM's part: its tests (one per template, in the order their invocations started) and guarantees.
     *
     * @param shard the run's shard ({@code "2/4"}), if it is sharded
     * @param directory the report directory, to which attachment paths are relative
     */
    public static Report part(
            List<CaseEntry> rows,
            List<GuaranteeRow> guarantees,
            long pid,
            Instant written,
            String run,
            Optional<String> shard,
            Path directory) {
        Map<String, List<CaseEntry>> byTemplate = new LinkedHashMap<>();
        rows.forEach(row -> byTemplate
                .computeIfAbsent(row.templateId(), id -> new ArrayList<>())
                .add(row));
        List<TestReport> tests = new ArrayList<>();
        byTemplate.forEach((template, cases) -> tests.add(new TestReport(
                cases.get(0).testClass(),
                cases.get(0).testClassName(),
                cases.get(0).testMethod(),
                template,
                cases.stream().map(entry -> row(entry, directory)).toList())));
        Report.Part part =
                new Report.Part(pid, run, written.toString(), Runtime.version().toString(), KitVersion.VALUE, shard);
        return new Report(
                part, tests, guarantees.stream().map(GuaranteeRow::result).toList());
    }

    private static CaseRow row(CaseEntry entry, Path directory) {
        KitCase crashCase = entry.crashCase();
        Optional<KitCase.CrashAtHit> crash =
                crashCase instanceof KitCase.EngineCase crashing ? crashing.workloadCrash() : Optional.empty();
        Optional<Boundary> boundary = crash.map(KitCase.CrashAtHit::boundary);
        Map<String, CaseRow.InvariantCell> invariants = new LinkedHashMap<>();
        entry.invariants()
                .forEach((name, result) -> invariants.put(
                        name,
                        new CaseRow.InvariantCell(
                                entry.field(name),
                                result.verdict(),
                                result.checked(),
                                result.violations().size(),
                                result.message(),
                                Optional.of(violated(result)))));
        List<CaseRow.AttachmentLink> attachments = new ArrayList<>();
        entry.attachments()
                .forEach(attachment -> attachments.add(new CaseRow.AttachmentLink(
                        attachment.label(),
                        Optional.ofNullable(attachment.file()).map(file -> relative(directory, file)))));
        return new CaseRow(
                crashCase.displayName(),
                entry.uniqueId(),
                entry.caseNumber(),
                crashCase.kind(),
                boundary.map(Boundary::name),
                selector(boundary),
                within(boundary),
                crash.isPresent() ? OptionalInt.of(crash.get().occurrence()) : OptionalInt.empty(),
                crashCase instanceof KitCase.CrashPair pair
                        ? Optional.of(recovery(pair.recovery(), entry))
                        : Optional.empty(),
                crashCase instanceof KitCase.DeliverOrder order
                        ? Optional.of(order.order().toString())
                        : Optional.empty(),
                crashCase.mode().name(),
                crashCase.replayKey().toString(),
                entry.outcome(),
                Optional.ofNullable(entry.failure()),
                Optional.ofNullable(entry.crashSite()),
                entry.afterDeath(),
                entry.hits() < 0 ? OptionalInt.empty() : OptionalInt.of(entry.hits()),
                entry.durationMillis() < 0 ? OptionalLong.empty() : OptionalLong.of(entry.durationMillis()),
                invariants,
                entry.observations(),
                attachments,
                equivalents(crashCase),
                entry.sweepCounts(),
                entry.scheduleCounts(),
                entry.timeline());
    }

    /** The points a case stands for: a crash's equivalent points, or a pair's recovery points after one crash. */
    private static List<String> equivalents(KitCase crashCase) {
        if (crashCase instanceof KitCase.CrashPair pair) {
            return pair.recovery().equivalents();
        }
        return crashCase instanceof KitCase.CrashAtHit hit ? hit.equivalents() : List.of();
    }

    /** {@code selector} as a replay key has it: the spec without its place. */
    private static Optional<String> selector(Optional<Boundary> boundary) {
        Optional<Selector> selector = boundary.map(Boundary::selector);
        return scoped(boundary)
                .<Selector>map(Selector.Within::selector)
                .or(() -> selector)
                .map(Selector::spec);
    }

    /** {@code within} as a replay key has it: the place a scoped selector is scoped to. */
    private static Optional<String> within(Optional<Boundary> boundary) {
        return scoped(boundary).map(within -> within.place().reference());
    }

    private static Optional<Selector.Within> scoped(Optional<Boundary> boundary) {
        return boundary.map(Boundary::selector)
                .filter(Selector.Within.class::isInstance)
                .map(Selector.Within.class::cast);
    }

    /** Where a case that crashes its recovery too crashed the recovery: boundary, selector, hit and crash site. */
    private static CaseRow.Recovery recovery(KitCase.CrashAtHit crash, CaseEntry entry) {
        Optional<Boundary> boundary = Optional.of(crash.boundary());
        return new CaseRow.Recovery(
                crash.boundary().name(),
                selector(boundary),
                within(boundary),
                crash.occurrence(),
                Optional.ofNullable(entry.recoveryCrashSite()));
    }

    /** Each violation: its kind (constant and label), key, what was found and what was expected. */
    private static List<CaseRow.ViolationRow> violated(InvariantResult result) {
        List<CaseRow.ViolationRow> violations = new ArrayList<>();
        for (Violation violation : result.violations()) {
            violations.add(new CaseRow.ViolationRow(
                    violation.kind().name(),
                    violation.kind().label(),
                    violation.subject(),
                    violation.found(),
                    violation.expected()));
        }
        return violations;
    }

    /** {@code file} relative to the report directory, with {@code /} between names (a link in report.html). */
    private static String relative(Path directory, Path file) {
        Path relative = directory
                .toAbsolutePath()
                .normalize()
                .relativize(file.toAbsolutePath().normalize());
        StringBuilder path = new StringBuilder();
        relative.forEach(name -> path.append(path.length() == 0 ? "" : "/").append(name));
        return path.toString();
    }
}
