package dev.deliverykit.junit5.instances;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.junit5.instances.ScheduleCrashTestCases.BadCrashTestCases;
import dev.deliverykit.junit5.instances.ScheduleCrashTestCases.ReadBackTestCases;
import dev.deliverykit.junit5.instances.ScheduleCrashTestCases.ReclaimingRelaysTestCases;
import dev.deliverykit.junit5.instances.ScheduleCrashTestCases.StallAndCrashTestCases;
import dev.deliverykit.junit5.instances.ScheduleCrashTestCases.TooManyCrashesTestCases;
import dev.deliverykit.junit5.instances.ScheduleCrashTestCases.UnclaimedOnlyRelaysTestCases;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code @ScheduleSweep(crash = "31s")} through the JUnit Platform: two relays that claim an outbox's rows with a
 * 30 s lease, one killed at each of its points while the other runs to its end 31 s later on the kit's clock. The
 * relay that takes over rows whose lease ran out sends what the dead one claimed; its twin, which claims only rows
 * nobody claimed, is caught losing them; the sweep is the same each time, and a failing crash replays by its key.
 */
class ScheduleCrashTests {

    private static final String AFTER_CLAIM =
            "crash relay-a at after commit #1 in LeasedRelay.claimThenRead, 31 s pass," + " relay-b to the end";
    private static final String AFTER_CLAIM_KEY = "schedule=relay-a:2,crash+31s,relay-b:13";
    /** relay-a sent and marked its first row, and dies with the second claimed and unsent. */
    private static final String AFTER_FIRST_MARK_KEY = "schedule=relay-a:6,crash+31s,relay-b:13";

    private static final String BLOCKED_AFTER = "deliverykit.schedule.blocked-after";

    @TempDir
    Path reports;

    /**
     * No call of these relays waits on a lock once the other relay is dead: a call slowed by a loaded machine must
     * not count as blocked and end its instance's turn, and so its life, before the point the case names.
     */
    @BeforeEach
    void slowCallsAreNoBlocks() {
        System.setProperty(BLOCKED_AFTER, "10s");
    }

    @AfterEach
    void restoreBlockedAfter() {
        System.clearProperty(BLOCKED_AFTER);
    }

    private CrashTestResults run(Class<?> testCases) {
        return CrashTestKit.reportingTo(reports).run(testCases);
    }

    @Test
    void aRelayThatTakesOverExpiredLeasesSendsWhatADeadRelayClaimed() {
        CrashTestResults results = run(ReclaimingRelaysTestCases.class);

        // 2 recordings, then a crash at each of the 12 points of each relay (before and after its 6 commits)
        assertThat(results).hasNumberOfStartedCases(26).hasNumberOfFailedCases(0);
        assertThat(results.startedCases())
                .contains(
                        "[4] " + AFTER_CLAIM,
                        "[26] crash relay-b at after commit #6 in LeasedRelay.claimThenRead, 31 s pass, relay-a to the"
                                + " end");
    }

    @Test
    void theRowADeadRelayClaimedIsSentByTheOther() {
        ReadBackTestCases.SENT_BY.clear();

        CrashTestResults replayed = CrashTestKit.reportingTo(reports)
                .with("deliverykit.replay", AFTER_FIRST_MARK_KEY)
                .run(ReadBackTestCases.class);

        assertThat(replayed).hasNumberOfStartedCases(1).hasNumberOfFailedCases(0);
        assertThat(ReadBackTestCases.SENT_BY).containsExactly(List.of("1 relay-a", "2 relay-b"));
    }

    @Test
    void aRelayThatClaimsOnlyUnclaimedRowsLosesWhatADeadRelayClaimed() {
        CrashTestResults results = run(UnclaimedOnlyRelaysTestCases.class);

        // from its claim's commit until it sent its last row, a dead relay's claimed rows are never sent
        assertThat(results).hasNumberOfStartedCases(26).hasNumberOfFailedCases(12);
        assertThat(results.failedCases())
                .extracting(name -> name.substring(0, name.indexOf(']') + 1))
                .containsExactly(
                        "[4]", "[5]", "[6]", "[7]", "[8]", "[9]", "[16]", "[17]", "[18]", "[19]", "[20]", "[21]");
        assertThat(results)
                .hasFailedCase("[4] " + AFTER_CLAIM)
                .withMessage("1 of 1 invariant declared with @CheckInvariant violated after " + AFTER_CLAIM + ":\n"
                        + "[LeasedOutbox.noRowLost] no row lost: violated (checked 2 intent keys, 0 effect rows)\n"
                        + "  lost intent: 2 keys\n"
                        + "    1: found 0 effects, expected at least 1\n"
                        + "    2: found 0 effects, expected at least 1\n"
                        + "\n"
                        + "Timeline, a turn a line:\n"
                        + "relay-a  to after commit #1 in LeasedRelay.claimThenRead\n"
                        + "relay-a  crashed there, then 31 s of the kit's clock passed\n"
                        + "relay-b  to the end\n"
                        + "\n"
                        + "DeliveryKit case: " + AFTER_CLAIM + "\n"
                        + "Replay only this case: -Ddeliverykit.replay='" + AFTER_CLAIM_KEY + "'");
    }

    @Test
    void theSameCrashSweepFiveTimesGivesTheSameCasesAndVerdicts() {
        CrashTestResults first = run(UnclaimedOnlyRelaysTestCases.class);
        for (int time = 1; time < 5; time++) {
            CrashTestResults again = run(UnclaimedOnlyRelaysTestCases.class);

            assertThat(again.startedCases()).containsExactlyElementsOf(first.startedCases());
            assertThat(again.failedCases()).containsExactlyElementsOf(first.failedCases());
        }
    }

    @Test
    void aFailingCrashRunAloneByItsKeyRunsExactlyThatCase() {
        CrashTestResults replayed = CrashTestKit.reportingTo(reports)
                .with("deliverykit.replay", AFTER_CLAIM_KEY)
                .run(UnclaimedOnlyRelaysTestCases.class);

        assertThat(replayed).hasNumberOfStartedCases(1).hasNumberOfFailedCases(1);
        assertThat(replayed.startedCases()).containsExactly("[1] crash relay-a:2,crash+31s,relay-b:13");
        assertThat(replayed.failures().get(0).getMessage())
                .contains("relay-a  crashed there, then 31 s of the kit's clock passed\n")
                .contains("    2: found 0 effects, expected at least 1\n")
                .endsWith("Replay only this case: -Ddeliverykit.replay='" + AFTER_CLAIM_KEY + "'");
    }

    @Test
    void moreCrashesThanAllowedFailTheTestBeforeAnyOfThemRuns() {
        CrashTestResults results = run(TooManyCrashesTestCases.class);

        assertThat(results).hasNumberOfStartedCases(2);
        assertThat(results)
                .hasSingleFailedContainer()
                .withMessageContaining("@ScheduleSweep on TooManyCrashesTestCases.everyRowReachesTheBroker"
                        + "(ScheduleScenario): 24 crashes to run, more than maxSchedules = 3 (one per point; points:"
                        + " relay-a 12, relay-b 12)");
    }

    @Test
    void aCrashThatIsNoDurationIsRefusedBeforeAnyCaseRuns() {
        CrashTestResults results = run(BadCrashTestCases.class);

        assertThat(results).hasNumberOfStartedCases(0);
        assertThat(results)
                .hasSingleFailedContainer()
                .withMessageStartingWith("@ScheduleSweep on BadCrashTestCases.never(ScheduleScenario): crash = \"soon\""
                        + " is no duration.");
    }

    @Test
    void aStallAndACrashInOneSweepAreRefusedBeforeAnyCaseRuns() {
        CrashTestResults results = run(StallAndCrashTestCases.class);

        assertThat(results).hasNumberOfStartedCases(0);
        assertThat(results)
                .hasSingleFailedContainer()
                .withMessageStartingWith("@ScheduleSweep on StallAndCrashTestCases.never(ScheduleScenario): stall ="
                        + " \"31s\" and crash = \"31s\" ask for two sweeps at once.");
    }

    @Test
    void aCrashSweepInChildProcessesOnlyIsRefusedBeforeAnyCaseRuns() {
        CrashTestResults results = CrashTestKit.reportingTo(reports)
                .with("deliverykit.mode", "child_process")
                .run(ReclaimingRelaysTestCases.class);

        assertThat(results).hasNumberOfStartedCases(0);
        assertThat(results)
                .hasSingleFailedContainer()
                .withMessageStartingWith("@ScheduleSweep on ReclaimingRelaysTestCases.everyRowReachesTheBroker"
                        + "(ScheduleScenario): crash = ... kills an instance inside this JVM, and deliverykit.mode asks"
                        + " for child_process only.");
    }
}
