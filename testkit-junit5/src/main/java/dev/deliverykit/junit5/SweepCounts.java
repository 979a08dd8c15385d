package dev.deliverykit.junit5;

import java.util.Optional;

/**
 * A sweep's counts, as its recording's row in the report gives them.
 *
 * @param points the crash points the recording reached
 * @param classes how many classes of equivalent points they make
 * @param cases how many crash cases the sweep runs (one per class; none if it injects failures only)
 * @param pruned how many points a crash case at an equivalent point stands for
 * @param notPruned why every point is a class of its own, if for a reason ({@code exhaustive = true}, threads)
 * @param failures how many failure cases the sweep runs (one per point, never pruned; {@code Fault.FAILURE})
 */
record SweepCounts(int points, int classes, int cases, int pruned, Optional<String> notPruned, int failures) {

    /** {@code 21 crash points in 6 classes of equivalent points: 6 cases run, 15 pruned; 21 failure cases run}. */
    String sentence() {
        return points + " crash point" + (points == 1 ? "" : "s") + " in " + classes + " class"
                + (classes == 1 ? "" : "es") + " of equivalent points: " + cases + " case" + (cases == 1 ? "" : "s")
                + " run, " + pruned + " pruned"
                + notPruned.map(why -> " (not pruned: " + why + ")").orElse("")
                + (failures == 0 ? "" : "; " + failures + " failure case" + (failures == 1 ? "" : "s") + " run");
    }

    /** The cases-run cell of the report's table: {@code 6}, or {@code 6 + 21 failures}. */
    String casesRun() {
        return failures == 0
                ? Integer.toString(cases)
                : cases + " + " + failures + " failure" + (failures == 1 ? "" : "s");
    }
}
