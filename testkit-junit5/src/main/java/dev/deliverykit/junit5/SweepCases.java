package dev.deliverykit.junit5;

import dev.deliverykit.CrashMode;
import dev.deliverykit.Fault;
import dev.deliverykit.boundary.EquivalentCrashPoints;
import java.util.List;
import java.util.Objects;

/**
 * The crash cases a sweep's recording gave, one per class of equivalent points, and the counts the report shows.
 *
 * @param cases the crash cases, in the order of their points
 * @param classes the recorded points in their classes
 * @param mode the mode of the recording and its cases
 * @param outsideEffects what the recording's process sent outside the JVM ({@code Recording.outsideEffects()})
 */
record SweepCases(List<CrashCase> cases, EquivalentCrashPoints classes, CrashMode mode, List<String> outsideEffects) {

    SweepCases {
        cases = List.copyOf(cases);
        outsideEffects = List.copyOf(outsideEffects);
        Objects.requireNonNull(classes, "classes");
        Objects.requireNonNull(mode, "mode");
    }

    /** What the recording invocation's row says of them. */
    SweepCounts counts() {
        int failures = (int) cases.stream()
                .filter(crashCase -> crashCase instanceof CrashCase.CrashAtHit hit && hit.fault() == Fault.FAILURE)
                .count();
        int crashes = cases.size() - failures;
        return new SweepCounts(
                classes.points(),
                classes.classes().size(),
                crashes,
                crashes == 0 ? 0 : classes.pruned(),
                classes.notPruned(),
                failures,
                outsideEffects);
    }
}
