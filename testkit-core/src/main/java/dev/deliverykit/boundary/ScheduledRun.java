package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.schedule.InstanceSteps;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * What a scheduled run of several instances did: each instance's points and outcome, and the timeline of its turns.
 *
 * @param instances each instance's run, in the order of the instances
 * @param timeline how each turn ended, in order; the turns after the schedule's, which let what still runs end,
 *     included
 * @param deadlock when every instance left waited for another and none could go on: which and where
 * @param problems instrumentation problems the run met
 * @param notes what the user should know of the run beyond its outcome: an instance on the kit's clock that has the
 *     database compute the time of a claim or lease, which the kit's clock cannot move
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ScheduledRun(
        List<InstanceRun> instances,
        List<TurnEnd> timeline,
        Optional<String> deadlock,
        List<String> problems,
        List<String> notes) {

    public ScheduledRun {
        instances = List.copyOf(instances);
        timeline = List.copyOf(timeline);
        Objects.requireNonNull(deadlock, "deadlock");
        problems = List.copyOf(problems);
        notes = List.copyOf(notes);
    }

    /** A run with no notes. */
    public ScheduledRun(
            List<InstanceRun> instances, List<TurnEnd> timeline, Optional<String> deadlock, List<String> problems) {
        this(instances, timeline, deadlock, problems, List.of());
    }

    /** The run of the instance called {@code name}. */
    public Optional<InstanceRun> instance(String name) {
        return instances.stream().filter(run -> run.name().equals(name)).findFirst();
    }

    /** Each instance's steps, for a planner. */
    public List<InstanceSteps> steps() {
        return instances.stream().map(InstanceRun::steps).toList();
    }

    /** {@code relay-a to after-select #1 in Relay.drain, relay-b to the end, relay-a to the end}. */
    public String describe() {
        return timeline.stream().map(TurnEnd::describe).collect(Collectors.joining(", "));
    }

    /** Whether an instance threw, did not end, or the instances deadlocked. */
    public boolean anyFailed() {
        return deadlock.isPresent()
                || instances.stream()
                        .anyMatch(run ->
                                run.failure().isPresent() || !run.stillBusy().isEmpty());
    }
}
