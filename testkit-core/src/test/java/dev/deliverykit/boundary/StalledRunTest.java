package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.schedule.Schedule;
import dev.deliverykit.schedule.SchedulePlanner;
import dev.deliverykit.time.KitClock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stall inside a schedule: one relay holds at its point while the kit's clock passes its lease, the other takes
 * its rows over, then the first carries on. Unfenced, it sends what the other already sent; fenced, it does not.
 */
class StalledRunTest {

    private static final BoundaryEngine ENGINE = BoundaryEngine.get();
    private static final WatchList WATCH = WatchList.of().withEveryStatement();

    @TempDir
    Path dir;

    /**
     * No call of these relays waits on a lock (the outbox is in WAL mode, each statement its own transaction): a call
     * slowed by a loaded machine must not count as blocked and end its instance's turn early.
     */
    @BeforeEach
    void slowCallsAreNoBlocks() {
        System.setProperty(ScheduledRuns.BLOCKED_AFTER_PROPERTY, "10s");
    }

    @AfterEach
    void restoreBlockedAfter() {
        System.clearProperty(ScheduledRuns.BLOCKED_AFTER_PROPERTY);
    }

    private Instances relays(LeaseRelays relays, KitClock clock, boolean fenced) {
        return Instances.of("relay-a", () -> relays.drain("relay-a", clock, fenced))
                .and("relay-b", () -> relays.drain("relay-b", clock, fenced))
                .withClock(clock);
    }

    @Test
    void anUnfencedRelayStalledPastItsLeaseSendsTheRowsTheOtherTookOver() throws Exception {
        LeaseRelays relays = new LeaseRelays(dir);
        relays.reset(2);
        KitClock clock = KitClock.start();

        ScheduledRun run =
                ENGINE.runSchedule(WATCH, relays(relays, clock, false), "relay-a:4,+31s,relay-b:1,relay-a:1");

        assertThat(relays.sent()).containsExactly("1 relay-b", "2 relay-b", "1 relay-a", "2 relay-a");
        assertThat(clock.elapsed()).isEqualTo(Duration.ofSeconds(31));
        assertThat(run.describe())
                .isEqualTo("relay-a to after statement \"SELECT id FROM outbox WHERE owner = ? AND sent = 0 ORDER BY"
                        + " id\" #1 in LeaseRelays.claim, relay-a stalled for 31 s, relay-b to the end, relay-a to the"
                        + " end");
        assertThat(run.timeline().get(1))
                .isEqualTo(new TurnEnd(
                        "relay-a",
                        TurnEnd.Stop.STALLED,
                        4,
                        "after statement \"SELECT id FROM outbox WHERE owner = ? AND sent = 0 ORDER BY id\" #1 in"
                                + " LeaseRelays.claim",
                        Duration.ofSeconds(31)));
        assertThat(run.anyFailed()).isFalse();
    }

    @Test
    void aFencedRelayStalledPastItsLeaseLeavesTheRowsToTheOther() throws Exception {
        LeaseRelays relays = new LeaseRelays(dir);
        relays.reset(2);
        KitClock clock = KitClock.start();

        ScheduledRun run = ENGINE.runSchedule(WATCH, relays(relays, clock, true), "relay-a:4,+31s,relay-b:1,relay-a:1");

        assertThat(relays.sent()).containsExactly("1 relay-b", "2 relay-b");
        assertThat(run.anyFailed()).isFalse();
    }

    @Test
    void everyStallOfTheUnfencedRelaysIsPlannedFromTheirStepsAndSomeSendTwice() throws Exception {
        LeaseRelays relays = new LeaseRelays(dir);

        List<Integer> unfenced = stallSweep(relays, false);
        List<Integer> fenced = stallSweep(relays, true);

        // relay-a's 10 points, then relay-b's: a stall between a relay's claim and its last mark sends twice
        assertThat(unfenced).containsExactly(0, 0, 0, 2, 2, 2, 2, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 2);
        assertThat(fenced).hasSameSizeAs(unfenced).containsOnly(0);
        assertThat(stallSweep(relays, false)).isEqualTo(unfenced);
    }

    @Test
    void aStallOfInstancesWithoutAClockIsRefused() throws Exception {
        LeaseRelays relays = new LeaseRelays(dir);
        relays.reset(1);
        KitClock clock = KitClock.start();
        Instances noClock = Instances.of("relay-a", () -> relays.drain("relay-a", clock, false))
                .and("relay-b", () -> relays.drain("relay-b", clock, false));

        assertThatThrownBy(() -> ENGINE.runSchedule(WATCH, noClock, "relay-a:1,+31s,relay-b:1,relay-a:1"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(InstanceMessages.stallWithoutClock("relay-a:1,+31s,relay-b:1,relay-a:1", noClock)
                        .sentences());
        assertThat(relays.sent()).isEmpty();
    }

    /** Each planned stall's count of messages the broker got more than once, in the planner's order. */
    private List<Integer> stallSweep(LeaseRelays relays, boolean fenced) throws Exception {
        relays.reset(2);
        ScheduledRun serial =
                ENGINE.runSchedule(WATCH, relays(relays, KitClock.start(), fenced), "relay-a:1,relay-b:1");
        List<Integer> twice = new ArrayList<>();
        for (Schedule stall : SchedulePlanner.stalls(serial.steps(), Duration.ofSeconds(31))) {
            relays.reset(2);
            ScheduledRun run = ENGINE.runSchedule(WATCH, relays(relays, KitClock.start(), fenced), stall.key());
            assertThat(run.anyFailed()).as(stall.key()).isFalse();
            List<String> sent = relays.sent();
            twice.add(sent.size()
                    - (int) sent.stream()
                            .map(line -> line.split(" ")[0])
                            .distinct()
                            .count());
        }
        return twice;
    }
}
