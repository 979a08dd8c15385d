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
     * One line per disagreement, in the order of the in-process cases:
     * {@code crash after commit #1: failed in this JVM, passed as a real process exit}.
     */
    static List<String> of(List<CaseRow> rows) {
        Map<String, Map<CrashMode, CaseRow>> byPoint = new LinkedHashMap<>();
        for (CaseRow row : rows) {
            inOneMode(row.replayKey())
                    .ifPresent(key -> byPoint.computeIfAbsent(key.point(), point -> new LinkedHashMap<>())
                            .put(key.mode(), row));
        }
        List<String> lines = new ArrayList<>();
        byPoint.values().forEach(modes -> {
            CaseRow inProcess = modes.get(CrashMode.IN_PROCESS);
            CaseRow child = modes.get(CrashMode.CHILD_PROCESS);
            if (inProcess != null
                    && child != null
                    && decided(inProcess)
                    && decided(child)
                    && inProcess.outcome() != child.outcome()) {
                lines.add(inProcess.displayName() + ": " + word(inProcess) + " in this JVM, " + word(child)
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

    private static boolean decided(CaseRow row) {
        return row.outcome() == CaseOutcome.PASSED || row.outcome() == CaseOutcome.FAILED;
    }

    private static String word(CaseRow row) {
        return row.outcome() == CaseOutcome.PASSED ? "passed" : "failed";
    }
}
