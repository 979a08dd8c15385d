package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.schedule.Schedule;
import dev.deliverykit.schedule.SchedulePlan;
import dev.deliverykit.schedule.SchedulePlanner;
import dev.deliverykit.schedule.ScheduleStrategy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Several instances run at once, one turn at a time, at their points: two relays of one outbox. */
class ScheduledRunTest {

    private static final BoundaryEngine ENGINE = BoundaryEngine.get();

    private static final WatchList WATCH = WatchList.of(BoundaryCatalogue.builder("relay")
                    .add("after-read", Selector.afterStatement("^SELECT id FROM outbox"))
                    .add("after-send", Selector.afterStatement("^INSERT INTO sent"))
                    .build())
            .withEveryTransactionEnd();

    @TempDir
    Path dir;

    // tag::instances[]
    private Instances unclaimed(TwoRelays relays) {
        return Instances.of("relay-a", () -> relays.drainUnclaimed("relay-a"))
                .and("relay-b", () -> relays.drainUnclaimed("relay-b"));
    }
    // end::instances[]

    private Instances claiming(TwoRelays relays) {
        return Instances.of("relay-a", () -> relays.drainClaiming("relay-a"))
                .and("relay-b", () -> relays.drainClaiming("relay-b"));
    }

    @Test
    void oneRelayToTheEndAfterTheOtherSendsEachRowOnce() throws Exception {
        TwoRelays relays = new TwoRelays(dir);
        relays.reset(2);

        ScheduledRun run = ENGINE.runSchedule(WATCH, unclaimed(relays), "relay-a:1,relay-b:1");

        assertThat(relays.sent()).isEqualTo(2);
        assertThat(run.describe()).isEqualTo("relay-a to the end, relay-b to the end");
        assertThat(run.anyFailed()).isFalse();
        assertThat(run.instance("relay-a").orElseThrow().points())
                .extracting(InstancePoint::describe)
                .containsExactly(
                        "after-read #1 in TwoRelays.drainUnclaimed",
                        "before commit #1 in TwoRelays.drainUnclaimed",
                        "after commit #1 in TwoRelays.drainUnclaimed",
                        "after-send #1 in TwoRelays.sendAndMark",
                        "before commit #2 in TwoRelays.sendAndMark",
                        "after commit #2 in TwoRelays.sendAndMark",
                        "after-send #2 in TwoRelays.sendAndMark",
                        "before commit #3 in TwoRelays.sendAndMark",
                        "after commit #3 in TwoRelays.sendAndMark");
        assertThat(run.instance("relay-b").orElseThrow().points())
                .extracting(InstancePoint::describe)
                .containsExactly(
                        "after-read #1 in TwoRelays.drainUnclaimed",
                        "before commit #1 in TwoRelays.drainUnclaimed",
                        "after commit #1 in TwoRelays.drainUnclaimed");
        assertThat(run.instance("relay-a").orElseThrow().points())
                .allSatisfy(point -> assertThat(point.hits())
                        .allSatisfy(hit -> assertThat(hit.threadName()).isEqualTo("relay-a")));
    }

    @Test
    void aRelayHeldAfterItsReadWhileTheOtherSendsSendsEveryRowAgain() throws Exception {
        TwoRelays relays = new TwoRelays(dir);
        relays.reset(2);

        ScheduledRun run = ENGINE.runSchedule(WATCH, unclaimed(relays), "relay-a:1,relay-b:1,relay-a:1");

        assertThat(relays.sent()).isEqualTo(4);
        assertThat(relays.sentTwice()).isEqualTo(2);
        // relay-a's read transaction keeps SQLite's shared lock: relay-b's first mark waits for it
        assertThat(run.describe())
                .isEqualTo("relay-a to after-read #1 in TwoRelays.drainUnclaimed,"
                        + " relay-b blocked in the database after before commit #2 in TwoRelays.sendAndMark,"
                        + " relay-a to the end, relay-b to the end");
        assertThat(run.anyFailed()).isFalse();
    }

    @Test
    void claimingRelaysSendEachRowOnceInTheSameSchedule() throws Exception {
        TwoRelays relays = new TwoRelays(dir);
        relays.reset(2);

        ScheduledRun run = ENGINE.runSchedule(WATCH, claiming(relays), "relay-a:1,relay-b:1,relay-a:1");

        assertThat(relays.sent()).isEqualTo(2);
        assertThat(relays.sentTwice()).isZero();
        assertThat(run.anyFailed()).isFalse();
    }

    @Test
    void everyPlannedScheduleOfUnclaimedRelaysRunsAndSomeSendTwiceWhileClaimingRelaysNeverDo() throws Exception {
        TwoRelays relays = new TwoRelays(dir);

        List<Integer> unclaimedTwice = sweep(relays, unclaimed(relays));
        List<Integer> claimingTwice = sweep(relays, claiming(relays));

        assertThat(unclaimedTwice).contains(2).contains(0);
        assertThat(claimingTwice).isNotEmpty().containsOnly(0);
        assertThat(sweep(relays, unclaimed(relays))).isEqualTo(unclaimedTwice);
    }

    // tag::sweep[]
    /** Each planned schedule's count of rows sent twice, in the planner's order. */
    private List<Integer> sweep(TwoRelays relays, Instances instances) throws Exception {
        relays.reset(2);
        ScheduledRun serial = ENGINE.runSchedule(WATCH, instances, "relay-a:1,relay-b:1");
        SchedulePlan plan = SchedulePlanner.plan(serial.steps(), new ScheduleStrategy.Exhaustive(1, true));
        List<Integer> twice = new ArrayList<>();
        for (Schedule schedule : plan.schedules()) {
            relays.reset(2);
            ScheduledRun run = ENGINE.runSchedule(WATCH, instances, schedule.key());
            assertThat(run.anyFailed()).as(schedule.key()).isFalse();
            twice.add(relays.sentTwice());
        }
        return twice;
    }
    // end::sweep[]
}
