package dev.deliverykit.junit5.internal.execution;

import dev.deliverykit.CrashMode;
import dev.deliverykit.boundary.BoundaryHit;
import dev.deliverykit.boundary.CrashResult;
import dev.deliverykit.boundary.Recording;
import dev.deliverykit.boundary.Selector;
import dev.deliverykit.invariant.Evidence;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.InvariantDefinitionException;
import dev.deliverykit.invariant.InvariantResult;
import dev.deliverykit.junit5.internal.planning.DeclaredInvariants;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.opentest4j.AssertionFailedError;

/**
 * Refuses a sweep that cannot fail, in two places. After its crash-free run committed, every {@code @CheckInvariant}
 * invariant (but those empty by design) is read once more, before the recovery: if none of them read a row, what the
 * workload committed never reached the databases they read. After a child JVM's crash that came after the last
 * commit, the invariants that read rows after the crash-free run must read them again: if none does, the child's
 * commits did not survive its exit. Only the kit's invariants, which say what they read ({@link Evidence}), are read
 * again; one that cannot open its database is no sign either way, and one of your own is never checked twice.
 */
final class VacuousInvariants {

    private static final List<String> WRITES = List.of("INSERT", "UPDATE", "DELETE", "MERGE", "REPLACE", "UPSERT");

    private VacuousInvariants() {}

    /**
     * What the declared invariants read, one line each, but for those empty by design: {@code [Field] description:
     * read nothing (checked ...)}, {@code ...: could not read its tables (...)} or {@code ...: read rows (checked
     * ...)}; an invariant that cannot open its database, or one of your own that does not say, is left out.
     */
    static Reading read(List<DeclaredInvariants.Declared> declared) {
        List<Line> lines = new ArrayList<>();
        for (DeclaredInvariants.Declared invariant : declared) {
            if (!invariant.emptyByDesign() && isTheKits(invariant.invariant())) {
                readOne(invariant).ifPresent(lines::add);
            }
        }
        return new Reading(lines);
    }

    /**
     * The failure of a crash-free run that committed, after which every invariant that tells read nothing; empty if
     * the sweep can fail.
     */
    static Optional<AssertionFailedError> afterCrashFreeRun(Recording recording, Reading reading, CrashMode mode) {
        long commits = commitsIn(recording.hits());
        if (commits == 0
                || reading.lines().isEmpty()
                || !reading.fieldsWithRows().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new AssertionFailedError(nothingAfterTheCrashFreeRun(commits, reading, mode)));
    }

    /**
     * The failure of a child JVM's crash after the workload's last commit that left nothing of what the crash-free
     * run had left: every invariant that read rows after that run reads nothing now, before the recovery. Only the
     * child's exit can lose commits there, so a database whose commits do not survive an exit (H2's default write
     * delay) is caught even where the crash-free run's slower end gave its writer the time to flush. The invariants are
     * read only for such a crash, not for every case.
     */
    static Optional<AssertionFailedError> afterLastCommit(
            CrashResult crash,
            Recording recording,
            Set<String> fieldsWithRowsAfterRecording,
            List<DeclaredInvariants.Declared> declared) {
        long commits = count(recording.hits(), Selector.Timing.AFTER);
        if (crash.mode() != CrashMode.CHILD_PROCESS
                || commits == 0
                || count(crash.hits(), Selector.Timing.AFTER) < commits
                || fieldsWithRowsAfterRecording.isEmpty()) {
            return Optional.empty();
        }
        List<Line> lost = read(declared).lines().stream()
                .filter(line -> fieldsWithRowsAfterRecording.contains(line.field()))
                .toList();
        if (lost.size() < fieldsWithRowsAfterRecording.size() || lost.stream().anyMatch(Line::readRows)) {
            return Optional.empty();
        }
        return Optional.of(new AssertionFailedError(VacuousMessages.commitsLost(
                        commits, lost.stream().map(Line::text).toList())
                .lines()));
    }

    /**
     * Whether the kit built it ({@code Invariants}): those say what they read. An invariant of your own is never
     * checked more often than once per invocation, as it may count its checks.
     */
    private static boolean isTheKits(Invariant invariant) {
        return invariant.getClass().getPackageName().equals(Invariant.class.getPackageName());
    }

    private static Optional<Line> readOne(DeclaredInvariants.Declared declared) {
        String what =
                VacuousMessages.invariant(declared.field(), declared.invariant().description());
        InvariantResult result;
        try {
            result = declared.invariant().check();
        } catch (InvariantDefinitionException unreadable) { // its table is missing: nothing of the run is there
            return Optional.of(new Line(
                    declared.field(), false, VacuousMessages.unreadable(what, firstLine(unreadable.getMessage()))));
        } catch (RuntimeException cannotTell) {
            return Optional.empty();
        }
        return switch (result.evidence()) {
            case ROWS_READ ->
                Optional.of(new Line(declared.field(), true, VacuousMessages.read(what, result.checked())));
            case NOTHING_READ ->
                Optional.of(new Line(declared.field(), false, VacuousMessages.readNothing(what, result.checked())));
            case NOTHING_EXPECTED, NOT_SAID -> Optional.empty();
        };
    }

    /** What the declared invariants read at one moment. */
    record Reading(List<Line> lines) {

        Reading {
            lines = List.copyOf(lines);
        }

        /** The fields of the invariants that read rows. */
        Set<String> fieldsWithRows() {
            Set<String> fields = new LinkedHashSet<>();
            lines.stream().filter(Line::readRows).forEach(line -> fields.add(line.field()));
            return fields;
        }
    }

    /**
     * One invariant's reading.
     *
     * @param field where it is declared
     * @param readRows whether it read any row
     * @param text the line a failure shows
     */
    record Line(String field, boolean readRows, String text) {}

    /** The commits among {@code hits}: the after-commit hits, else the before-commit hits, else the writes. */
    private static long commitsIn(List<BoundaryHit> hits) {
        long after = count(hits, Selector.Timing.AFTER);
        long before = count(hits, Selector.Timing.BEFORE);
        if (after > 0 || before > 0) {
            return Math.max(after, before);
        }
        return hits.stream()
                .map(hit -> unscoped(hit.boundary().selector()))
                .filter(selector -> selector instanceof Selector.Statement statement
                        && statement.timing() == Selector.Timing.AFTER
                        && isWrite(statement))
                .count();
    }

    /**
     * The hits of an unscoped commit selector: a crash run also watches its own point within a place, which hits at
     * the same commit again.
     */
    private static long count(List<BoundaryHit> hits, Selector.Timing timing) {
        return hits.stream()
                .map(hit -> unscoped(hit.boundary().selector()))
                .filter(selector -> selector instanceof Selector.TransactionEnd transactionEnd
                        && transactionEnd.end() == Selector.End.COMMIT
                        && transactionEnd.timing() == timing)
                .count();
    }

    private static boolean isWrite(Selector.Statement statement) {
        String sql = statement.sql().stripLeading().toUpperCase(Locale.ROOT);
        return WRITES.stream().anyMatch(sql::startsWith);
    }

    /** The selector an occurrence counts, or {@code null} for one within a place. */
    private static Selector unscoped(Selector selector) {
        Selector current = selector;
        while (current instanceof Selector.Occurrence occurrence) {
            current = occurrence.selector();
        }
        return current instanceof Selector.Within ? null : current;
    }

    private static String nothingAfterTheCrashFreeRun(long commits, Reading reading, CrashMode mode) {
        return VacuousMessages.nothingAfterTheCrashFreeRun(
                        mode == CrashMode.CHILD_PROCESS,
                        commits,
                        reading.lines().stream().map(Line::text).toList())
                .lines();
    }

    private static String firstLine(String text) {
        if (text == null) {
            return "no message";
        }
        int end = text.indexOf('\n');
        return end < 0 ? text : text.substring(0, end);
    }
}
