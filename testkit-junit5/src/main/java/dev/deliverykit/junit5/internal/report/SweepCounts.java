package dev.deliverykit.junit5.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A sweep's counts, as its recording's row in the report gives them.
 *
 * @param points the crash points the recording reached
 * @param classes how many classes of equivalent points they make
 * @param cases how many crash cases the sweep runs (one per class; none if it injects failures only)
 * @param pruned how many points a crash case at an equivalent point stands for
 * @param notPruned why every point is a class of its own, if for a reason ({@code exhaustive = true}, threads)
 * @param failures how many failure cases the sweep runs (one per point, never pruned; {@code Fault.FAILURE})
 * @param outsideEffects what the recording's process sent outside the JVM, each a change between crash points
 */
@API(status = INTERNAL, since = "0.1")
public record SweepCounts(
        int points,
        int classes,
        int cases,
        int pruned,
        Optional<String> notPruned,
        int failures,
        List<String> outsideEffects) {

    public SweepCounts {
        outsideEffects = List.copyOf(outsideEffects);
    }

    /** {@code 21 crash points in 6 classes of equivalent points: 6 cases run, 15 pruned; 21 failure cases run}. */
    String sentence() {
        if (injectsFailuresOnly()) {
            return points + " point" + (points == 1 ? "" : "s") + ": " + failures + " failure case"
                    + (failures == 1 ? "" : "s") + " run (failures are not pruned)" + outside();
        }
        return points + " crash point" + (points == 1 ? "" : "s") + " in " + classes + " class"
                + (classes == 1 ? "" : "es") + " of equivalent points: " + cases + " case" + (cases == 1 ? "" : "s")
                + " run, " + pruned + " pruned"
                + notPruned.map(why -> " (not pruned: " + why + ")").orElse("")
                + (failures == 0 ? "" : "; " + failures + " failure case" + (failures == 1 ? "" : "s") + " run")
                + outside();
    }

    /** {@code ; sent outside the JVM (each a change): file write on thread main}. */
    private String outside() {
        return outsideEffects.isEmpty()
                ? ""
                : "; sent outside the JVM (each a change between crash points): " + String.join("; ", outsideEffects);
    }

    /** Whether the sweep injects failures and crashes nowhere: its classes and pruning mean nothing then. */
    boolean injectsFailuresOnly() {
        return cases == 0 && failures > 0;
    }

    /** The classes cell of the report's table: the number, or {@code -} for a sweep that only injects failures. */
    String classesCell() {
        return injectsFailuresOnly() ? "-" : Integer.toString(classes);
    }

    /** The pruned cell of the report's table: the number, or {@code -} for a sweep that only injects failures. */
    String prunedCell() {
        return injectsFailuresOnly() ? "-" : Integer.toString(pruned);
    }

    /** The cases-run cell of the report's table: {@code 6}, or {@code 6 + 21 failures}. */
    String casesRun() {
        return failures == 0
                ? Integer.toString(cases)
                : cases + " + " + failures + " failure" + (failures == 1 ? "" : "s");
    }
}
