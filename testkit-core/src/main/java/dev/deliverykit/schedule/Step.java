package dev.deliverykit.schedule;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * What one instance runs from one of its points to the next: the point it stops at and what it touches on the way.
 * A step whose accesses are not known touches everything: it is ordered both ways with every other step.
 *
 * @param stopsAt the point where the step ends, as a schedule's name says it ({@code after-claim}, {@code the end})
 * @param accesses what the step reads and writes
 * @param touchesEverything whether the step conflicts with every step of every other instance
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Step(String stopsAt, List<Access> accesses, boolean touchesEverything) {

    public Step {
        Objects.requireNonNull(stopsAt, "stopsAt");
        accesses = List.copyOf(accesses);
    }

    /** A step that stops at {@code stopsAt} and touches just {@code accesses}. */
    public static Step of(String stopsAt, Access... accesses) {
        return new Step(stopsAt, List.of(accesses), false);
    }

    /** A step whose accesses are not known. */
    public static Step touchingEverything(String stopsAt) {
        return new Step(stopsAt, List.of(), true);
    }

    /** Whether this step and {@code other}, of another instance, must be ordered both ways. */
    boolean conflictsWith(Step other) {
        if (touchesEverything || other.touchesEverything) {
            return true;
        }
        for (Access access : accesses) {
            for (Access theirs : other.accesses) {
                if (access.conflictsWith(theirs)) {
                    return true;
                }
            }
        }
        return false;
    }
}
