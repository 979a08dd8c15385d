package dev.deliverykit.junit5.faults;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.junit5.DeliveryKitConfiguration;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Failure-handling bugs are found by injected failures, in both modes, and are right under crashes (a real exit runs
 * no retry and no catch block); their correct twins pass everything.
 */
class FaultsTests {

    @TempDir
    Path reports;

    private CrashTestResults run(Class<?> fixture) {
        return CrashTestKit.reportingTo(reports).run(fixture);
    }

    @Test
    void aRetryAfterACommitWhoseOutcomeWasUnknownChargesTwiceAndOnlyTheFailureFindsIt() {
        CrashTestResults results = run(FaultsTestCases.RetriesBlindlyTestCases.class);

        assertThat(results).hasNumberOfStartedCases(10).hasNumberOfSucceededCases(8);
        assertThat(results.failedCases())
                .containsExactly(
                        "[5] fail after commit #1 in Payments.charge",
                        "[10] fail after commit #1 in Payments.charge (child JVM)");
        assertThat(reports.resolve("report.md"))
                .content()
                .contains("| RetriesBlindlyTestCases.chargedOnce | in process | 2 | 2 | 2 + 2 failures | 0 |\n")
                .contains("| RetriesBlindlyTestCases.chargedOnce | child JVM | 2 | 2 | 2 + 2 failures | 0 |\n");
        assertThat(reports.resolve("report.html"))
                .content()
                .contains("Sweep, in process: 2 crash points in 2 classes of equivalent points: 2 cases run, 0 pruned;"
                        + " 2 failure cases run.");
    }

    @Test
    void theCorrectChargePassesCrashesAndFailuresInBothModes() {
        CrashTestResults results = run(FaultsTestCases.RetriesOnceTestCases.class);

        assertThat(results).hasNumberOfStartedCases(10).hasNumberOfSucceededCases(10);
    }

    @Test
    void aConsumerThatAcknowledgesBeforeItsEffectLosesItUnderCrashesAndFailuresInBothModes() {
        CrashTestResults results = run(FaultsTestCases.AcksFirstTestCases.class);

        assertThat(results).hasNumberOfStartedCases(16).hasNumberOfSucceededCases(10);
        assertThat(results.failedCases())
                .containsExactly(
                        "[3] crash after commit #1 in Inbox.consumeAckingFirst",
                        "[6] fail after commit #1 in Inbox.consumeAckingFirst",
                        "[7] fail before commit #2 in Inbox.consumeAckingFirst",
                        "[11] crash after commit #1 in Inbox.consumeAckingFirst (child JVM)",
                        "[14] fail after commit #1 in Inbox.consumeAckingFirst (child JVM)",
                        "[15] fail before commit #2 in Inbox.consumeAckingFirst (child JVM)");
    }

    @Test
    void theCorrectConsumerPassesCrashesAndFailuresInBothModes() {
        CrashTestResults results = run(FaultsTestCases.AppliesThenAcksTestCases.class);

        assertThat(results).hasNumberOfStartedCases(10).hasNumberOfSucceededCases(10);
    }

    @Test
    void aNamedFailureFailsWithTheAssertionAndItsReplayKey() {
        CrashTestResults results = run(FaultsTestCases.CommitOutcomeUnknownTestCases.class);

        assertThat(results)
                .hasSingleFailedCase()
                .withMessage("[charges of o-1] \n"
                        + "expected: 1L\n"
                        + " but was: 2L\n"
                        + "\n"
                        + "DeliveryKit case: fail after commit #1 (in process)\n"
                        + "Replay only this case: -Ddeliverykit.replay='selector=after-commit;hit=1;fault=failure'");
    }

    @Test
    void aFailureCaseOfASweepReplaysAloneByItsKey() {
        CrashTestResults results = CrashTestKit.reportingTo(reports)
                .with(
                        DeliveryKitConfiguration.REPLAY,
                        "selector=after-commit;within=dev.deliverykit.junit5.faults.Payments#charge;hit=1;fault=failure;"
                                + "mode=child-process")
                .run(FaultsTestCases.RetriesBlindlyTestCases.class);

        assertThat(results.startedCases()).containsExactly("[1] fail after commit #1 in Payments.charge (child JVM)");
        assertThat(results).hasNumberOfFailedCases(1);
    }
}
