package dev.deliverykit.junit5.internal.report;

import dev.deliverykit.boundary.TurnEnd;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The parts of a case's row in {@code report.json} that sweeps give: a recording's counts and a schedule case's
 * timeline, a schedule sweep's counts, written and read as strictly as {@link ReportJson} does the rest.
 */
final class SweepJson {

    /** The field of a schedule case's row that holds its turns, left out for other cases. */
    static final String TIMELINE = "timeline";

    /** The field of a schedule sweep's first recording's row that holds the sweep's counts. */
    static final String SCHEDULES = "schedules";

    private static final String CONSIDERED = "considered";
    private static final String EQUIVALENT = "equivalent";
    private static final String RUN = "run";
    private static final String RECORDINGS = "recordings";
    private static final String POINTS = "points";
    private static final String CLASSES = "classes";
    private static final String CASES = "cases";
    private static final String PRUNED = "pruned";
    private static final String NOT_PRUNED = "notPruned";
    private static final String FAILURES = "failures";
    private static final String OUTSIDE_EFFECTS = "outsideEffects";
    private static final String INSTANCE = "instance";
    private static final String STOP = "stop";
    private static final String POINT = "point";
    private static final String AT = "at";
    private static final String STALLED_MS = "stalledMs";

    private SweepJson() {}

    static Map<String, Object> counts(SweepCounts counts) {
        Map<String, Object> object = new LinkedHashMap<>();
        object.put(POINTS, counts.points());
        object.put(CLASSES, counts.classes());
        object.put(CASES, counts.cases());
        object.put(PRUNED, counts.pruned());
        object.put(NOT_PRUNED, counts.notPruned().orElse(null));
        if (counts.failures() > 0) {
            object.put(FAILURES, counts.failures());
        }
        if (!counts.outsideEffects().isEmpty()) {
            object.put(OUTSIDE_EFFECTS, counts.outsideEffects());
        }
        return object;
    }

    static SweepCounts counts(JsonText.Node sweep) {
        return new SweepCounts(
                (int) sweep.path(POINTS).requiredLong(),
                (int) sweep.path(CLASSES).requiredLong(),
                (int) sweep.path(CASES).requiredLong(),
                (int) sweep.path(PRUNED).requiredLong(),
                sweep.path(NOT_PRUNED).data().map(String::valueOf),
                (int) sweep.path(FAILURES).asLong(),
                sweep.path(OUTSIDE_EFFECTS).texts());
    }

    static Map<String, Object> counts(ScheduleCounts counts) {
        Map<String, Object> object = new LinkedHashMap<>();
        object.put(CONSIDERED, counts.considered());
        object.put(EQUIVALENT, counts.equivalent());
        object.put(RUN, counts.run());
        object.put(RECORDINGS, counts.recordings());
        return object;
    }

    static ScheduleCounts scheduleCounts(JsonText.Node schedules) {
        return new ScheduleCounts(
                (int) schedules.path(CONSIDERED).requiredLong(),
                (int) schedules.path(EQUIVALENT).requiredLong(),
                (int) schedules.path(RUN).requiredLong(),
                (int) schedules.path(RECORDINGS).requiredLong());
    }

    static Map<String, Object> turn(TurnEnd turn) {
        Map<String, Object> object = new LinkedHashMap<>();
        object.put(INSTANCE, turn.instance());
        object.put(STOP, turn.stop().name());
        object.put(POINT, turn.point());
        object.put(AT, turn.at());
        if (!turn.stalled().isZero()) { // a stall's, or a crash's that moved the clock
            object.put(STALLED_MS, turn.stalled().toMillis());
        }
        return object;
    }

    static TurnEnd turn(JsonText.Node turn) {
        return new TurnEnd(
                turn.path(INSTANCE).asText(),
                turn.path(STOP).required(TurnEnd.Stop.class),
                (int) turn.path(POINT).requiredLong(),
                turn.path(AT).asText(),
                Duration.ofMillis(turn.path(STALLED_MS).wholeNumber().orElse(0)));
    }
}
