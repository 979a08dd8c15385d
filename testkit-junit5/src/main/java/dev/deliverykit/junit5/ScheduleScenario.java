package dev.deliverykit.junit5;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.Workload;
import dev.deliverykit.boundary.Instances;
import dev.deliverykit.boundary.ScheduledRun;
import dev.deliverykit.junit5.internal.execution.ScheduleRun;
import dev.deliverykit.time.KitClock;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One schedule of a {@link ScheduleSweep} test, injected as a parameter: run the instances once with {@link #run},
 * recover if the code has a recovery, then check what they left.
 *
 * <pre>{@code
 * scenario.run(Instances.of("consumer-1", () -> consumer(dir, "consumer-1").consume("m1"))
 *         .and("consumer-2", () -> consumer(dir, "consumer-2").consume("m1")));
 * assertThat(effects(dir, "m1")).isEqualTo(1);
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ScheduleScenario extends Scenario {

    private final ScheduleRun run;

    ScheduleScenario(ScheduleRun run) {
        super(run);
        this.run = run;
    }

    /**
     * Runs the instances at once under this case's schedule and returns once each has ended. Call it once.
     *
     * @throws AssertionError if an instance threw, did not end, or the instances deadlocked, with the timeline
     */
    public ScheduledRun run(Instances instances) {
        return run.run(instances);
    }

    /**
     * Runs a recovery as a fresh process once the instances have ended, as {@link CrashScenario#restart} does after a
     * crash, and returns once its threads and tasks have ended or wait.
     *
     * @throws Exception what {@code recovery} throws
     */
    public void restart(Workload recovery) throws Exception {
        run.restart(recovery);
    }

    /**
     * The case's clock, a new one for each case at {@link KitClock#START}: give it to the code that takes a
     * {@link java.time.Clock}. {@link #run} runs the instances on it unless they were given a clock of their own.
     */
    public KitClock clock() {
        return run.clock();
    }

    /** What the instances did, once {@link #run} returned. */
    public Optional<ScheduledRun> schedule() {
        return run.scheduled();
    }
}
