package dev.deliverykit.junit5.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.boundary.BoundaryHit;
import dev.deliverykit.boundary.CrashResult;
import dev.deliverykit.boundary.Recording;
import dev.deliverykit.boundary.TurnEnd;
import dev.deliverykit.invariant.InvariantResult;
import dev.deliverykit.junit5.internal.planning.DeclaredInvariants;
import dev.deliverykit.junit5.internal.planning.KitCase;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.BiConsumer;
import org.apiguardian.api.API;

/** One invocation's row in the report: its case, what it observed, and how it ended. Thread-safe. */
@API(status = INTERNAL, since = "0.1")
public final class CaseEntry {

    /** Characters an attachment's file name keeps; any other becomes {@code _}. */
    private static final String FILE_NAME_CHARACTERS =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-";

    private static final int FILE_NAME_LENGTH = 100;

    private final Class<?> testClass;
    private final String testMethod;
    private final String templateId;
    private final String uniqueId;
    private final OptionalInt caseNumber;
    private final KitCase crashCase;
    private final Optional<Path> attachmentDirectory;
    private final BiConsumer<String, Path> attached;
    private final long startedNanos = System.nanoTime();
    private final Map<String, Object> observations = new LinkedHashMap<>();
    private final Map<String, InvariantResult> invariants = new LinkedHashMap<>();
    private final Map<String, String> fields = new LinkedHashMap<>();
    private final List<Attachment> attachments = new ArrayList<>();
    private final Set<String> attachmentNames = new HashSet<>();
    private CaseOutcome outcome = CaseOutcome.NOT_FINISHED;
    private String failure;
    private String crashSite;
    private String recoveryCrashSite;
    private List<String> afterDeath = List.of();
    private int hits = -1;
    private long durationMillis = -1;
    private SweepCounts sweepCounts;
    private ScheduleCounts scheduleCounts;
    private List<TurnEnd> timeline = List.of();

    /**
     * @param caseNumber the case's number in an unsharded run of its test, if known (see {@code CrashInvocation})
     * @param attachmentDirectory where this case's attachments go (a directory of its own, created on the
     *     first one), or empty when the report is off
     * @param attached told each attachment's label and file once it is written (JUnit's {@code publishFile})
     */
    public CaseEntry(
            Class<?> testClass,
            String testMethod,
            String templateId,
            String uniqueId,
            OptionalInt caseNumber,
            KitCase crashCase,
            Optional<Path> attachmentDirectory,
            BiConsumer<String, Path> attached) {
        this.testClass = testClass;
        this.testMethod = testMethod;
        this.templateId = templateId;
        this.uniqueId = uniqueId;
        this.caseNumber = caseNumber;
        this.crashCase = crashCase;
        this.attachmentDirectory = attachmentDirectory;
        this.attached = attached;
    }

    public synchronized void observe(String name, Object value) {
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) {
            throw new IllegalArgumentException(ReportMessages.unnamedObservation());
        }
        observations.put(name, value);
    }

    public synchronized void checked(InvariantResult result) {
        invariants.put(result.invariantName(), result);
    }

    /** Remembers which {@code @CheckInvariant} field declares each invariant, by the invariant's name. */
    public synchronized void declared(List<DeclaredInvariants.Declared> declared) {
        declared.forEach(invariant -> fields.put(invariant.invariant().name(), invariant.field()));
    }

    public synchronized void crashed(CrashResult crash) {
        if (crash != null) {
            crashSite = frame(crash.crashSite());
            hits = crash.hits().size();
            afterDeath = crash.afterDeath();
        }
    }

    /** The crash of the first recovery of a case that crashes its recovery too. */
    public synchronized void recoveryCrashed(CrashResult crash) {
        recoveryCrashSite = frame(crash.crashSite());
    }

    private static String frame(BoundaryHit site) {
        return site.stack().isEmpty() ? site.threadName() : site.stack().get(0);
    }

    /** For a schedule case: how each of its turns ended, in order. */
    public synchronized void scheduled(List<TurnEnd> turns) {
        timeline = List.copyOf(turns);
    }

    /** A schedule case's turns, in order; empty for other cases. */
    public synchronized List<TurnEnd> timeline() {
        return timeline;
    }

    public synchronized void recorded(Recording recording) {
        hits = recording.hits().size();
    }

    /** For a sweep's recording: the counts of the cases it gave. */
    public synchronized void counted(SweepCounts counts) {
        sweepCounts = counts;
    }

    /** For a sweep's recording, once its cases are known: their counts. */
    public synchronized Optional<SweepCounts> sweepCounts() {
        return Optional.ofNullable(sweepCounts);
    }

    /** For a schedule sweep's first recording, once its schedules are planned: their counts. */
    public synchronized void counted(ScheduleCounts counts) {
        scheduleCounts = counts;
    }

    /** A schedule sweep's counts, on its first recording's row. */
    public synchronized Optional<ScheduleCounts> scheduleCounts() {
        return Optional.ofNullable(scheduleCounts);
    }

    public synchronized void finish(CaseOutcome how, String message) {
        outcome = how;
        failure = message;
        durationMillis = (System.nanoTime() - startedNanos) / 1_000_000;
    }

    /**
     * Attaches a text to the case: writes {@code content} (UTF-8) into the case's own directory under the
     * report's {@code attachments/} directory, as {@code fileName} made safe (characters other than letters,
     * digits, {@code .}, {@code _} and {@code -} become {@code _}; a name used twice in one case gets
     * {@code -2}, {@code -3}, ...), and lists it with its {@code label} under the case in report.json and
     * report.html. Does nothing but remember the label when the report is turned off.
     *
     * @throws UncheckedIOException naming the file when it cannot be written
     */
    public synchronized Optional<Path> attach(String label, String fileName, String content) {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(fileName, "fileName");
        Objects.requireNonNull(content, "content");
        if (label.isBlank()) {
            throw new IllegalArgumentException(ReportMessages.unlabelledAttachment());
        }
        String name = uniqueFileName(safeFileName(fileName));
        if (attachmentDirectory.isEmpty()) {
            attachments.add(new Attachment(label, null));
            return Optional.empty();
        }
        Path file = attachmentDirectory.get().resolve(name);
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, content, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    ReportMessages.attachmentUnwritable(label, crashCase.displayName(), file.toAbsolutePath()), e);
        }
        attachments.add(new Attachment(label, file));
        attached.accept(label, file);
        return Optional.of(file);
    }

    static String safeFileName(String fileName) {
        StringBuilder safe = new StringBuilder();
        fileName.chars()
                .limit(FILE_NAME_LENGTH)
                .forEach(c -> safe.append(FILE_NAME_CHARACTERS.indexOf(c) >= 0 ? (char) c : '_'));
        String name = safe.toString();
        return name.isEmpty() || name.chars().allMatch(c -> c == '.') ? "attachment" + name.replace('.', '_') : name;
    }

    private String uniqueFileName(String name) {
        int dot = name.lastIndexOf('.');
        String stem = dot > 0 ? name.substring(0, dot) : name;
        String extension = dot > 0 ? name.substring(dot) : "";
        String unique = name;
        for (int n = 2; !attachmentNames.add(unique); n++) {
            unique = stem + "-" + n + extension;
        }
        return unique;
    }

    /** The test class's simple name. */
    public String testClass() {
        return testClass.getSimpleName();
    }

    /** The test class's fully qualified (binary) name. */
    public String testClassName() {
        return testClass.getName();
    }

    /** The test method's name. */
    public String testMethod() {
        return testMethod;
    }

    /** The unique id of the test template this invocation belongs to. */
    public String templateId() {
        return templateId;
    }

    /** The invocation's unique id. */
    public String uniqueId() {
        return uniqueId;
    }

    /** The case's number in an unsharded run of its test (from 1), if known; empty for a replayed case. */
    public OptionalInt caseNumber() {
        return caseNumber;
    }

    /** The case. */
    public KitCase crashCase() {
        return crashCase;
    }

    /** How it ended. */
    public synchronized CaseOutcome outcome() {
        return outcome;
    }

    /** The failure message, or {@code null}. */
    public synchronized String failure() {
        return failure;
    }

    /** What the dead process still tried after an in-process crash, each refused ({@link CrashResult#afterDeath()}). */
    public synchronized List<String> afterDeath() {
        return afterDeath;
    }

    /** Where the crash happened (a stack frame), or {@code null}. */
    public synchronized String crashSite() {
        return crashSite;
    }

    /** Where the first recovery crashed (a stack frame) in a case that crashes its recovery, or {@code null}. */
    public synchronized String recoveryCrashSite() {
        return recoveryCrashSite;
    }

    /** How many watched hits the run saw, or -1 if it did not run. */
    public synchronized int hits() {
        return hits;
    }

    /** Milliseconds from the invocation's start to its end, or -1 while it has not ended. */
    public synchronized long durationMillis() {
        return durationMillis;
    }

    /** The invariants the test checked, by name, in order. */
    public synchronized Map<String, InvariantResult> invariants() {
        return new LinkedHashMap<>(invariants);
    }

    /** The {@code @CheckInvariant} field ({@code Class.field}) that declares the invariant {@code name}, if any. */
    public synchronized Optional<String> field(String name) {
        return Optional.ofNullable(fields.get(name));
    }

    /** The named values the test observed, in order. */
    public synchronized Map<String, Object> observations() {
        return new LinkedHashMap<>(observations);
    }

    /** The attachments, in the order they were attached. */
    public synchronized List<Attachment> attachments() {
        return List.copyOf(attachments);
    }

    /**
     * One attached text.
     *
     * @param label what it is, for example {@code child stdout}
     * @param file where it was written, or {@code null} when the report is off
     */
    record Attachment(String label, Path file) {}
}
