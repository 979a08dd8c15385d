package dev.deliverykit.junit5.internal.execution;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.Workload;
import dev.deliverykit.boundary.BoundaryEngine;
import dev.deliverykit.boundary.Instances;
import dev.deliverykit.boundary.ScheduledRun;
import dev.deliverykit.junit5.ScheduleSweep;
import dev.deliverykit.junit5.internal.planning.ScheduleCase;
import dev.deliverykit.junit5.internal.planning.ScheduleCases;
import dev.deliverykit.junit5.internal.report.CaseEntry;
import dev.deliverykit.time.KitClock;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/** The run of a {@link ScheduleSweep} case: the instances once, at once, under the case's schedule. */
@API(status = INTERNAL, since = "0.1")
public final class ScheduleRun extends CaseRun {

    private final ScheduleCase scheduleCase;
    private final ScheduleCases cases;
    private final Optional<ScheduleSweepState> sweep;
    /** The report's column of the run's notes: what of the time the kit's clock cannot move. */
    static final String NOTES = "kit's clock";

    private final KitClock clock = KitClock.start();
    private ScheduledRun scheduled;

    ScheduleRun(ScheduleCase scheduleCase, ScheduleCases cases, Optional<ScheduleSweepState> sweep, CaseEntry entry) {
        super(entry);
        this.scheduleCase = Objects.requireNonNull(scheduleCase, "scheduleCase");
        this.cases = Objects.requireNonNull(cases, "cases");
        this.sweep = Objects.requireNonNull(sweep, "sweep");
    }

    @Override
    public ScheduleCase crashCase() {
        return scheduleCase;
    }

    /**
     * Runs the instances under the case's schedule: the first case one after another in the order given.
     *
     * @throws AssertionError if an instance threw, did not end, or the instances deadlocked
     */
    public ScheduledRun run(Instances instances) {
        Objects.requireNonNull(instances, "instances");
        startOnce();
        String turns = scheduleCase
                .movesToRun()
                .orElseGet(() ->
                        instances.names().stream().map(name -> name + ":1").collect(Collectors.joining(",")));
        Instances onTheClock = instances.clock().isPresent() ? instances : instances.withClock(clock, cases.time());
        ScheduledRun run = BoundaryEngine.get().runSchedule(cases.watch(), onTheClock, turns);
        synchronized (this) {
            scheduled = run;
        }
        entry().scheduled(run.timeline());
        if (!run.notes().isEmpty()) {
            entry().observe(NOTES, run.notes());
        }
        sweep.ifPresent(state -> state.recorded(scheduleCase, instances.names(), run, entry()));
        if (run.anyFailed()) {
            AssertionError failure =
                    new AssertionError(ScheduleRunMessages.failed(run) + "\n\n" + FailureMessages.block(scheduleCase));
            failedWith(failure);
            throw failure;
        }
        return run;
    }

    /** Runs a recovery as a fresh process once the instances have ended. */
    public void restart(Workload recovery) throws Exception {
        Objects.requireNonNull(recovery, "recovery");
        if (!ran()) {
            throw new IllegalStateException(ScenarioMessages.restartBeforeRun(scheduleCase.displayName())
                    .fixedBy("call scenario.run(instances) first")
                    .sentences());
        }
        BoundaryEngine.get().recover(recovery);
    }

    /** The case's clock: at {@link KitClock#START} when the case starts, moved only by the kit and the test. */
    public KitClock clock() {
        return clock;
    }

    /** What the instances did, once {@link #run} returned. */
    public synchronized Optional<ScheduledRun> scheduled() {
        return Optional.ofNullable(scheduled);
    }

    @Override
    String neverRan() {
        return neverCalled(
                "scenario.run(instances)",
                "ran no instance",
                "several instances",
                "run them with scenario.run(Instances.of(\"relay-a\", () -> ...).and(\"relay-b\", () -> ...)).");
    }

    /** The timeline of the schedule the instances ran, and the run's notes, once they ran. */
    @Override
    synchronized String timeline() {
        if (scheduled == null) {
            return "";
        }
        String notes = scheduled.notes().isEmpty() ? "" : ScheduleRunMessages.notes(scheduled.notes()) + "\n\n";
        return ScheduleRunMessages.timeline(scheduled.timeline()) + "\n\n" + notes;
    }

    @Override
    String afterWhat() {
        return scheduleCase.displayName() + ":";
    }
}
