package dev.deliverykit.junit5.internal.planning;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.CrashMode;
import dev.deliverykit.Fault;
import dev.deliverykit.boundary.EquivalentCrashPoints;
import dev.deliverykit.junit5.internal.report.SweepCounts;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The crash cases a sweep's recording gave, one per class of equivalent points, and the counts the report shows.
 *
 * @param cases the crash cases, in the order of their points
 * @param classes the recorded points in their classes
 * @param mode the mode of the recording and its cases
 * @param outsideEffects what the recording's process sent outside the JVM ({@code Recording.outsideEffects()})
 */
@API(status = INTERNAL, since = "0.1")
public record SweepCases(
        List<CrashCase> cases, EquivalentCrashPoints classes, CrashMode mode, List<String> outsideEffects) {

    public SweepCases {
        cases = List.copyOf(cases);
        outsideEffects = List.copyOf(outsideEffects);
        Objects.requireNonNull(classes, "classes");
        Objects.requireNonNull(mode, "mode");
    }

    /** What the recording invocation's row says of them. */
    public SweepCounts counts() {
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
