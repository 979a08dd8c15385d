package dev.deliverykit.junit5.internal.planning;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.CrashMode;
import dev.deliverykit.boundary.EquivalentCrashPoints;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The crash cases a sweep's recording gave, one per class of equivalent points, and what the report counts of them.
 *
 * @param cases the crash cases, in the order of their points
 * @param classes the recorded points in their classes
 * @param mode the mode of the recording and its cases
 * @param outsideEffects what the recording's process sent outside the JVM ({@code Recording.outsideEffects()})
 */
@API(status = INTERNAL, since = "0.1")
public record SweepCases(
        List<KitCase> cases, EquivalentCrashPoints classes, CrashMode mode, List<String> outsideEffects) {

    public SweepCases {
        cases = List.copyOf(cases);
        outsideEffects = List.copyOf(outsideEffects);
        Objects.requireNonNull(classes, "classes");
        Objects.requireNonNull(mode, "mode");
    }
}
