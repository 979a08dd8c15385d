package dev.deliverykit.junit5.internal.report;

import dev.deliverykit.CrashMode;
import dev.deliverykit.ReplayKey;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The cases of a test that ran in both modes and ended differently: the same boundary and hit passed in one mode
 * and failed in the other. Both modes judge a death by what survives, so on correct and broken code alike they
 * agree; a disagreement means the in-process run missed something the process did (work the kit cannot see or
 * stop), and the real exit is the reference.
 */
final class ModeDisagreements {

    private ModeDisagreements() {}

    /**
     * One case of a test, as the report has it.
     *
     * @param replayKey its key, naming its mode when the test runs both
     * @param name its display name
     * @param outcome how it ended: {@code PASSED}, {@code FAILED}, ...
     */
    record Row(String replayKey, String name, String outcome) {}

    /**
     * One line per disagreement, in the order of the in-process cases:
     * {@code crash after commit #1: failed in this JVM, passed as a real process exit}.
     */
    static List<String> of(List<Row> rows) {
        Map<String, Map<CrashMode, Row>> byPoint = new LinkedHashMap<>();
        for (Row row : rows) {
            inOneMode(row.replayKey())
                    .ifPresent(key -> byPoint.computeIfAbsent(key.point(), point -> new LinkedHashMap<>())
                            .put(key.mode(), row));
        }
        List<String> lines = new ArrayList<>();
        byPoint.values().forEach(modes -> {
            Row inProcess = modes.get(CrashMode.IN_PROCESS);
            Row child = modes.get(CrashMode.CHILD_PROCESS);
            if (inProcess != null
                    && child != null
                    && decided(inProcess)
                    && decided(child)
                    && !inProcess.outcome().equals(child.outcome())) {
                lines.add(inProcess.name() + ": " + word(inProcess) + " in this JVM, " + word(child)
                        + " as a real process exit");
            }
        });
        return lines;
    }

    /** A key that names its mode: the mode, and the key without it (the same point in either mode). */
    private record InOneMode(CrashMode mode, String point) {}

    private static Optional<InOneMode> inOneMode(String text) {
        ReplayKey key;
        try {
            key = ReplayKey.parse(text);
        } catch (IllegalArgumentException notAKey) {
            return Optional.empty();
        }
        if (key instanceof ReplayKey.Pair pair) {
            return pair.mode()
                    .map(mode -> new InOneMode(mode, pair.withoutMode().text()));
        }
        return key instanceof ReplayKey.Crash crash
                ? crash.mode()
                        .map(mode -> new InOneMode(mode, crash.withoutMode().text()))
                : Optional.empty();
    }

    private static boolean decided(Row row) {
        return row.outcome().equals(CaseOutcome.PASSED.name()) || row.outcome().equals(CaseOutcome.FAILED.name());
    }

    private static String word(Row row) {
        return row.outcome().equals(CaseOutcome.PASSED.name()) ? "passed" : "failed";
    }
}
