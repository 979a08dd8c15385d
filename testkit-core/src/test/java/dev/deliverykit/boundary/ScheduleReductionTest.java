package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.schedule.InstanceSteps;
import dev.deliverykit.schedule.SchedulePlan;
import dev.deliverykit.schedule.SchedulePlanner;
import dev.deliverykit.schedule.ScheduleStrategy;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What reduction saves on real recorded steps: two relays of three rows each, every statement and commit a point.
 * A count of schedules, the same on every machine.
 */
class ScheduleReductionTest {

    private static final WatchList WATCH = WatchList.of().withEveryStatement().withEveryTransactionEnd();

    @TempDir
    Path dir;

    @Test
    void twoRelaysOfThreeRowsNeedAFifthOfTheSchedulesOrFewer() throws Exception {
        TwoRelays relays = new TwoRelays(dir);
        relays.reset(3);
        Instances instances = Instances.of("relay-a", () -> relays.drainClaiming("relay-a"))
                .and("relay-b", () -> relays.drainClaiming("relay-b"));
        // each relay's steps from a run of its own on the same three rows
        ScheduledRun aFirst = BoundaryEngine.get().runSchedule(WATCH, instances, "relay-a:1,relay-b:1");
        relays.reset(3);
        ScheduledRun bFirst = BoundaryEngine.get().runSchedule(WATCH, instances, "relay-b:1,relay-a:1");
        List<InstanceSteps> steps = List.of(
                aFirst.instance("relay-a").orElseThrow().steps(),
                bFirst.instance("relay-b").orElseThrow().steps());

        SchedulePlan reduced = SchedulePlanner.plan(steps, new ScheduleStrategy.Exhaustive(2, true));
        SchedulePlan all = SchedulePlanner.plan(steps, new ScheduleStrategy.Exhaustive(2, false));

        System.out.printf(
                "[DeliveryKit] two relays of three rows, %d and %d steps: %d schedules within 2 preemptions, %d after"
                        + " reduction (%.1fx fewer)%n",
                steps.get(0).steps().size(),
                steps.get(1).steps().size(),
                all.schedules().size(),
                reduced.schedules().size(),
                (double) all.schedules().size() / reduced.schedules().size());
        assertThat(all.schedules().size())
                .isGreaterThanOrEqualTo(5 * reduced.schedules().size());
    }
}
