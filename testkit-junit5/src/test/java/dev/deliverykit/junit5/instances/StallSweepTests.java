package dev.deliverykit.junit5.instances;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.junit5.instances.StallSweepTestCases.BadStallTestCases;
import dev.deliverykit.junit5.instances.StallSweepTestCases.FencedRelaysTestCases;
import dev.deliverykit.junit5.instances.StallSweepTestCases.TooManyStallsTestCases;
import dev.deliverykit.junit5.instances.StallSweepTestCases.UnfencedRelaysTestCases;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code @ScheduleSweep(stall = "31s")} through the JUnit Platform: relays that claim with a 30 s lease, one stalled
 * at each of its points while the kit's clock passes the lease; the unfenced relay caught sending what the other took
 * over, its fenced twin green, the sweep the same each time, a failing stall replayed by its key.
 */
class StallSweepTests {

    private static final String BLOCKED_AFTER = "deliverykit.schedule.blocked-after";

    private static final String SELECT = "after statement \"SELECT id, aggregate_id, seq FROM outbox WHERE sent = 0 AND"
            + " claimed_by = ? ORDER BY id\" #1 in OutboxRow.select";
    private static final String STALL_AFTER_SELECT =
            "stall relay-a at " + SELECT + " for 31 s, relay-b to the end, relay-a to the end";
    private static final String STALL_AFTER_SELECT_KEY = "schedule=relay-a:4,+31s,relay-b:17,relay-a:13";
    private static final String SENT_TWICE = "  duplicate effect: 2 keys\n"
            + "    1: found 2 effects, expected exactly 1\n"
            + "    2: found 2 effects, expected exactly 1\n"
            + "\n"
            + "Timeline, a turn a line:\n"
            + "relay-a  to " + SELECT + "\n"
            + "relay-a  stalled there for 31 s of the kit's clock\n"
            + "relay-b  to the end\n"
            + "relay-a  to the end\n";

    @TempDir
    Path reports;

    private CrashTestResults run(Class<?> testCases) {
        return CrashTestKit.reportingTo(reports).run(testCases);
    }

    /**
     * No call of these relays waits on a lock (WAL, each statement its own transaction): a call slowed by a loaded
     * machine must not count as blocked and end its instance's turn early.
     */
    @BeforeEach
    void slowCallsAreNoBlocks() {
        System.setProperty(BLOCKED_AFTER, "10s");
    }

    @AfterEach
    void restoreBlockedAfter() {
        System.clearProperty(BLOCKED_AFTER);
    }

    @Test
    void anUnfencedRelayStalledPastItsLeaseSendsWhatTheOtherTookOver() {
        CrashTestResults results = run(UnfencedRelaysTestCases.class);

        // 2 recordings, then 16 points of each relay; a stall from its read of its claim to its last mark sends twice
        assertThat(results).hasNumberOfStartedCases(34).hasNumberOfFailedCases(16);
        assertThat(results.failedCases())
                .extracting(name -> name.substring(0, name.indexOf(']') + 1))
                .containsExactly(
                        "[6]", "[7]", "[8]", "[9]", "[10]", "[11]", "[12]", "[13]", "[22]", "[23]", "[24]", "[25]",
                        "[26]", "[27]", "[28]", "[29]");
        assertThat(results)
                .hasFailedCase("[6] " + STALL_AFTER_SELECT)
                .withMessage("1 of 1 invariant declared with @CheckInvariant violated after " + STALL_AFTER_SELECT
                        + ":\n"
                        + "[LeasedRelays.eachRowSentOnce] each row sent once: violated (checked 2 intent keys, 4 effect"
                        + " rows)\n"
                        + SENT_TWICE
                        + "\n"
                        + "DeliveryKit case: " + STALL_AFTER_SELECT + "\n"
                        + "Replay only this case: -Ddeliverykit.replay='" + STALL_AFTER_SELECT_KEY + "'");
    }

    @Test
    void aFencedRelayIsGreenInEveryStall() {
        CrashTestResults results = run(FencedRelaysTestCases.class);

        assertThat(results).hasNumberOfStartedCases(34).hasNumberOfFailedCases(0);
    }

    @Test
    void theSameStallSweepFiveTimesGivesTheSameCasesAndVerdicts() {
        CrashTestResults first = run(UnfencedRelaysTestCases.class);
        for (int time = 1; time < 5; time++) {
            CrashTestResults again = run(UnfencedRelaysTestCases.class);

            assertThat(again.startedCases()).containsExactlyElementsOf(first.startedCases());
            assertThat(again.failedCases()).containsExactlyElementsOf(first.failedCases());
        }
    }

    @Test
    void aFailingStallRunAloneByItsKeyFailsTheSameWay() {
        List<String> failures = new ArrayList<>();
        for (int time = 0; time < 2; time++) {
            CrashTestResults replayed = CrashTestKit.reportingTo(reports)
                    .with("deliverykit.replay", STALL_AFTER_SELECT_KEY)
                    .run(UnfencedRelaysTestCases.class);
            assertThat(replayed).hasNumberOfStartedCases(1).hasNumberOfFailedCases(1);
            assertThat(replayed.startedCases()).containsExactly("[1] stall relay-a:4,+31s,relay-b:17,relay-a:13");
            failures.add(replayed.failures().get(0).getMessage());
        }
        assertThat(failures)
                .allSatisfy(message -> assertThat(message)
                        .contains(SENT_TWICE)
                        .endsWith("Replay only this case: -Ddeliverykit.replay='" + STALL_AFTER_SELECT_KEY + "'"))
                .containsOnly(failures.get(0));
    }

    @Test
    void moreStallsThanAllowedFailTheTestBeforeAnyOfThemRuns() {
        CrashTestResults results = run(TooManyStallsTestCases.class);

        assertThat(results).hasNumberOfStartedCases(2);
        assertThat(results)
                .hasSingleFailedContainer()
                .withMessageContaining("@ScheduleSweep on TooManyStallsTestCases.eachRowReachesTheBrokerOnce"
                        + "(ScheduleScenario): 32 stalls to run, more than maxSchedules = 3 (one per point; points:"
                        + " relay-a 16, relay-b 16)");
    }

    @Test
    void aStallThatIsNoDurationIsRefusedBeforeAnyCaseRuns() {
        CrashTestResults results = run(BadStallTestCases.class);

        assertThat(results).hasNumberOfStartedCases(0);
        assertThat(results)
                .hasSingleFailedContainer()
                .withMessageStartingWith("@ScheduleSweep on BadStallTestCases.never(ScheduleScenario): stall = \"soon\""
                        + " is no duration.");
    }
}
