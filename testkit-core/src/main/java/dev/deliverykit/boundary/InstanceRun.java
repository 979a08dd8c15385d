package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.schedule.InstanceSteps;
import dev.deliverykit.schedule.Step;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What one instance did in a scheduled run.
 *
 * @param name the instance's name
 * @param points its points, in the order it reached them
 * @param toTheEnd what it did after its last point
 * @param failure what its workload threw, if it threw
 * @param stillBusy what of it was still working when the run gave up waiting for it (empty: it ended)
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record InstanceRun(
        String name, List<InstancePoint> points, Step toTheEnd, Optional<String> failure, List<String> stillBusy) {

    public InstanceRun {
        Objects.requireNonNull(name, "name");
        points = List.copyOf(points);
        Objects.requireNonNull(toTheEnd, "toTheEnd");
        Objects.requireNonNull(failure, "failure");
        stillBusy = List.copyOf(stillBusy);
    }

    /** The instance's steps for a planner: one to each point, then one to its end. */
    public InstanceSteps steps() {
        List<Step> steps = new ArrayList<>();
        points.forEach(point -> steps.add(point.step()));
        steps.add(toTheEnd);
        return new InstanceSteps(name, steps);
    }

    /** The points and the last step of a run, as the instance's run kept them. */
    record Points(List<InstancePoint> points, Step toTheEnd) {}
}
