package dev.deliverykit.junit5;

import java.util.Optional;

/**
 * A sweep's counts, as its recording's row in the report gives them.
 *
 * @param points the crash points the recording reached
 * @param classes how many classes of equivalent points they make
 * @param cases how many crash cases the sweep runs (one per class)
 * @param pruned how many points a case at an equivalent point stands for
 * @param notPruned why every point is a class of its own, if for a reason ({@code exhaustive = true}, threads)
 */
record SweepCounts(int points, int classes, int cases, int pruned, Optional<String> notPruned) {

    /** {@code 21 crash points in 6 classes: 6 cases run, 15 pruned as equivalent}. */
    String sentence() {
        return points + " crash point" + (points == 1 ? "" : "s") + " in " + classes + " class"
                + (classes == 1 ? "" : "es") + " of equivalent points: " + cases + " case" + (cases == 1 ? "" : "s")
                + " run, " + pruned + " pruned"
                + notPruned.map(why -> " (not pruned: " + why + ")").orElse("");
    }
}
