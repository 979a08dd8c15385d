package dev.deliverykit.junit5.instances;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.junit5.instances.ScheduleSweepTestCases.AssertingUnclaimedRelaysTestCases;
import dev.deliverykit.junit5.instances.ScheduleSweepTestCases.BusyWritersTestCases;
import dev.deliverykit.junit5.instances.ScheduleSweepTestCases.CheckThenActMembersTestCases;
import dev.deliverykit.junit5.instances.ScheduleSweepTestCases.ClaimingRelaysTestCases;
import dev.deliverykit.junit5.instances.ScheduleSweepTestCases.InsertFirstMembersTestCases;
import dev.deliverykit.junit5.instances.ScheduleSweepTestCases.NegativeBoundTestCases;
import dev.deliverykit.junit5.instances.ScheduleSweepTestCases.NoScenarioTestCases;
import dev.deliverykit.junit5.instances.ScheduleSweepTestCases.TooManySchedulesTestCases;
import dev.deliverykit.junit5.instances.ScheduleSweepTestCases.UnclaimedRelaysTestCases;
import dev.deliverykit.junit5.instances.ScheduleSweepTestCases.WithCrashSweepTestCases;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code @ScheduleSweep} through the JUnit Platform: two relays without row claiming and two check-then-act members
 * caught by the default sweep, their correct twins green in every schedule, a failing schedule replayed by its key,
 * {@code SQLITE_BUSY} reaching the code, and the declarations refused.
 */
class ScheduleSweepTests {

    private static final String UNCLAIMED_FIRST_RED =
            "[3] schedule relay-a to before commit #5 in UnclaimedRelay.drain, relay-b to the end, relay-a to the end";
    private static final String UNCLAIMED_FIRST_KEY = "schedule=relay-a:9,relay-b:11,relay-a:2";
    private static final String UNCLAIMED_FIRST_TIMELINE = "Timeline, a turn a line:\n"
            + "relay-a  to before commit #5 in UnclaimedRelay.drain\n"
            + "relay-b  to after commit #2 in OutboxRow.sendTo, then blocked in the database\n"
            + "relay-a  to the end\n"
            + "relay-b  to the end\n";

    @TempDir
    Path reports;

    private CrashTestResults run(Class<?> testCases) {
        return CrashTestKit.reportingTo(reports).run(testCases);
    }

    @Test
    void twoRelaysWithoutRowClaimingSendARowTwiceWhenOneWaitsBeforeMarkingIt() {
        CrashTestResults results = run(UnclaimedRelaysTestCases.class);

        assertThat(results).hasNumberOfStartedCases(19).hasNumberOfFailedCases(16);
        assertThat(results.succeededCases())
                .containsExactly(
                        "[1] record instances (each to its end in turn)",
                        "[2] schedule relay-b to the end, relay-a to the end",
                        "[19] schedule relay-b to after commit #5 in UnclaimedRelay.drain, relay-a to the end, relay-b"
                                + " to the end");
        assertThat(results)
                .hasFailedCase(UNCLAIMED_FIRST_RED)
                .withMessage("1 of 1 invariant declared with @CheckInvariant violated after schedule relay-a to before"
                        + " commit #5 in UnclaimedRelay.drain, relay-b to the end, relay-a to the end:\n"
                        + "[Relays.eachRowSentOnce] each row sent once: violated (checked 2 intent keys, 3 effect rows)\n"
                        + "  duplicate effect: 1 key\n"
                        + "    2: found 2 effects, expected exactly 1\n"
                        + "\n"
                        + UNCLAIMED_FIRST_TIMELINE
                        + "\n"
                        + "DeliveryKit case: schedule relay-a to before commit #5 in UnclaimedRelay.drain, relay-b to"
                        + " the end, relay-a to the end\n"
                        + "Replay only this case: -Ddeliverykit.replay='" + UNCLAIMED_FIRST_KEY + "'");
    }

    @Test
    void aFailingAssertHoldsEndsWithTheScheduleTurnByTurnBeforeTheCase() {
        CrashTestResults results = run(AssertingUnclaimedRelaysTestCases.class);

        assertThat(results).hasNumberOfStartedCases(19).hasNumberOfFailedCases(16);
        assertThat(results)
                .hasFailedCase(UNCLAIMED_FIRST_RED)
                .withMessage("1 of 1 invariant violated after schedule relay-a to before commit #5 in"
                        + " UnclaimedRelay.drain, relay-b to the end, relay-a to the end:\n"
                        + "each row sent once: violated (checked 2 intent keys, 3 effect rows)\n"
                        + "  duplicate effect: 1 key\n"
                        + "    2: found 2 effects, expected exactly 1\n"
                        + "\n"
                        + UNCLAIMED_FIRST_TIMELINE
                        + "\n"
                        + "DeliveryKit case: schedule relay-a to before commit #5 in UnclaimedRelay.drain, relay-b to"
                        + " the end, relay-a to the end\n"
                        + "Replay only this case: -Ddeliverykit.replay='" + UNCLAIMED_FIRST_KEY + "'");
    }

    @Test
    void theSameSweepGivesTheSameSchedulesInTheSameOrderWithTheSameVerdicts() {
        CrashTestResults first = run(UnclaimedRelaysTestCases.class);
        CrashTestResults second = run(UnclaimedRelaysTestCases.class);

        assertThat(second.startedCases()).containsExactlyElementsOf(first.startedCases());
        assertThat(second.failedCases()).containsExactlyElementsOf(first.failedCases());
    }

    @Test
    void aFailingScheduleRunAloneByItsKeyFailsTheSameWayFiveTimes() {
        List<String> failures = new ArrayList<>();
        for (int time = 0; time < 5; time++) {
            CrashTestResults replayed = CrashTestKit.reportingTo(reports)
                    .with("deliverykit.replay", UNCLAIMED_FIRST_KEY)
                    .run(UnclaimedRelaysTestCases.class);
            assertThat(replayed).hasNumberOfStartedCases(1).hasNumberOfFailedCases(1);
            failures.add(replayed.failures().get(0).getMessage());
        }
        assertThat(failures)
                .hasSize(5)
                .allSatisfy(message -> assertThat(message)
                        .contains("    2: found 2 effects, expected exactly 1")
                        .endsWith("Replay only this case: -Ddeliverykit.replay='" + UNCLAIMED_FIRST_KEY + "'"))
                .containsOnly(failures.get(0));
    }

    @Test
    void twoRelaysThatClaimInOneStatementSendEachRowOnceInEverySchedule() {
        CrashTestResults results = run(ClaimingRelaysTestCases.class);

        assertThat(results).hasNumberOfStartedCases(25).hasNumberOfFailedCases(0);
    }

    @Test
    void twoCheckThenActMembersBothApplyAMessageBothHaveCheckedBeforeEitherRecordedIt() {
        CrashTestResults results = run(CheckThenActMembersTestCases.class);

        assertThat(results).hasNumberOfStartedCases(21).hasNumberOfFailedCases(18);
        assertThat(results)
                .hasFailedCase("[3] schedule member-1 to before commit #2 in CheckThenActConsumer.consume, member-2 to"
                        + " after statement \"SELECT COUNT(*) FROM inbox_processed WHERE message_id = ?\" #1 in"
                        + " CheckThenActConsumer.consume, member-1 to the end, member-2 to the end")
                .withMessageContaining(
                        "[Members.appliedOnce] at most once per key: violated (checked 2 effect rows, 1 key)",
                        "    m1: found 2 effects, expected at most 1\n\nTimeline, a turn a line:\n"
                                + "member-1  to before commit #2 in CheckThenActConsumer.consume\n"
                                + "member-2  to after statement \"SELECT COUNT(*) FROM inbox_processed WHERE message_id"
                                + " = ?\" #1 in CheckThenActConsumer.consume\n"
                                + "member-1  to before commit #2 in CheckThenActConsumer.consume, then blocked in the"
                                + " database\n"
                                + "member-2  to the end\n"
                                + "member-1  to the end\n\nDeliveryKit case: ",
                        "Replay only this case: -Ddeliverykit.replay='schedule=member-1:9,member-2:2,member-1:2,"
                                + "member-2:9'");
    }

    @Test
    void membersThatRecordTheMessageFirstApplyItOnceInEverySchedule() {
        CrashTestResults results = run(InsertFirstMembersTestCases.class);

        assertThat(results).hasNumberOfStartedCases(13).hasNumberOfFailedCases(0);
    }

    @Test
    void aWriterWithoutABusyTimeoutGetsSqliteBusyWhileTheOtherHoldsItsTransaction() {
        CrashTestResults results = run(BusyWritersTestCases.class);

        assertThat(results).hasNumberOfStartedCases(5).hasNumberOfFailedCases(2);
        assertThat(results)
                .hasFailedCase(
                        "[3] schedule writer-a to before commit #1 in BusyWritersTestCases.write, writer-b to the"
                                + " end, writer-a to the end")
                .withMessageStartingWith("writer-b threw org.sqlite.SQLiteException: [SQLITE_BUSY]")
                .withMessageContaining(
                        "Timeline: writer-a to before commit #1 in BusyWritersTestCases.write, writer-b to the end,"
                                + " writer-a to the end",
                        "Replay only this case: -Ddeliverykit.replay='schedule=writer-a:1,writer-b:3,writer-a:2'");
    }

    @Test
    void moreSchedulesThanAllowedFailTheTestBeforeAnyOfThemRuns() {
        CrashTestResults results = run(TooManySchedulesTestCases.class);

        assertThat(results).hasNumberOfStartedCases(2);
        assertThat(results)
                .hasSingleFailedContainer()
                .withMessageContaining(
                        "@ScheduleSweep on TooManySchedulesTestCases.m1IsAppliedOnce(ScheduleScenario): 11 schedules"
                                + " to run, more than maxSchedules = 3",
                        "points: member-1 6, member-2 6");
    }

    @Test
    void declarationsThatCannotRunAreRefusedWithWhatToDo() {
        assertThat(run(NegativeBoundTestCases.class))
                .hasSingleFailedContainer()
                .withMessageStartingWith(
                        "@ScheduleSweep on NegativeBoundTestCases.never(ScheduleScenario):" + " preemptionBound = -1");
        assertThat(run(NoScenarioTestCases.class))
                .hasSingleFailedContainer()
                .withMessage("@ScheduleSweep on NoScenarioTestCases.never(): the method has no ScheduleScenario"
                        + " parameter, so it cannot run instances under a schedule. Fix: declare one and run the"
                        + " instances with it: void never(ScheduleScenario scenario) { scenario.run(Instances.of("
                        + "\"relay-a\", () -> ...).and(\"relay-b\", () -> ...)); assertThat(...); }");
        assertThat(run(WithCrashSweepTestCases.class))
                .hasSingleFailedContainer()
                .withMessage("@ScheduleSweep with @CrashSweep on WithCrashSweepTestCases.never(ScheduleScenario): a"
                        + " test is one kind of kit test: a sweep of schedules, of crash points or of delivery orders."
                        + " Fix: keep one of the annotations, or split the test");
    }
}
