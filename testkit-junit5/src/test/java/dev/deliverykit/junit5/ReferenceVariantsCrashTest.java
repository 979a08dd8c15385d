package dev.deliverykit.junit5;

import static dev.deliverykit.junit5.internal.execution.InvariantFailures.declared;
import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.junit5.fixtures.Ordered;
import dev.deliverykit.junit5.fixtures.Retention;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/**
 * The other broken variants of the reference implementation fail the test that targets them through the
 * class's {@code @CheckInvariant} alone (the test bodies assert nothing), with the message a user needs; their
 * correct counterparts pass at the contract's boundaries.
 */
class ReferenceVariantsCrashTest {

    @TempDir
    Path reports;

    @CrashTestKitOnly
    @BoundaryCatalogueSource(Ordered.class)
    static class UnsafeDualWriteTestCases {
        @TempDir
        Path dir;

        @CheckInvariant
        Invariant stateAndOutbox = Ordered.stateAndOutboxTogether(() -> dir);

        @CrashAt("unsafe.after-flow-commit")
        void noFlowChangeWithoutItsEvent(CrashScenario scenario) throws Exception {
            Ordered.advanceAndRecover(scenario, false, dir);
        }
    }

    @CrashTestKitOnly
    @BoundaryCatalogueSource(Ordered.class)
    static class SafeProducerTestCases {
        @TempDir
        Path dir;

        @CheckInvariant
        Invariant stateAndOutbox = Ordered.stateAndOutboxTogether(() -> dir);

        @CrashAt({"producer.after-flow-update", "producer.after-outbox-insert", "producer.after-commit"})
        void noFlowChangeWithoutItsEvent(CrashScenario scenario) throws Exception {
            Ordered.advanceAndRecover(scenario, true, dir);
        }
    }

    @CrashTestKitOnly
    static class UnsafeDualWriteSweepTestCases {
        @TempDir
        Path dir;

        @CheckInvariant
        Invariant stateAndOutbox = Ordered.stateAndOutboxTogether(() -> dir);

        @CrashSweep(kinds = SweepKind.COMMITS)
        void noFlowChangeWithoutItsEvent(CrashScenario scenario) throws Exception {
            Ordered.advanceAndRecover(scenario, false, dir);
        }
    }

    @CrashTestKitOnly
    @BoundaryCatalogueSource(Retention.class)
    static class ReceiptDeletingCleanupTestCases {
        @TempDir
        Path dir;

        @CheckInvariant
        Invariant noResurrection = Retention.noResurrection(() -> dir);

        @CrashAt("cleanup.after-commit")
        void lateRequestIsNotExecutedAgain(CrashScenario scenario) throws Exception {
            Retention.cleanupThenLateRequest(scenario, false, dir);
        }
    }

    @CrashTestKitOnly
    @BoundaryCatalogueSource(Retention.class)
    static class SealingCleanupTestCases {
        @TempDir
        Path dir;

        @CheckInvariant
        Invariant noResurrection = Retention.noResurrection(() -> dir);

        @CrashAt({"seal.after-boundary-update", "seal.after-receipt-delete", "seal.after-commit"})
        void lateRequestIsNotExecutedAgain(CrashScenario scenario) throws Exception {
            Retention.cleanupThenLateRequest(scenario, true, dir);
        }
    }

    private static String failure(String caseName, String replayKey, String field, String invariantMessage) {
        return declared(1, 1, caseName + " and recovery:") + "\n"
                + "[" + field + "] " + invariantMessage + "\n\n"
                + "DeliveryKit case: " + caseName + " (in process)\n"
                + "Replay only this case: -Ddeliverykit.replay='" + replayKey + "'";
    }

    private static final String STATE_WITHOUT_OUTBOX = "no state without its outbox row and no outbox row without its"
            + " state: violated (checked 1 state key, 0 outbox keys)\n"
            + "  state without its outbox row: 1 key\n"
            + "    (A, 1): found state, no outbox row, expected its outbox row";

    @Test
    void theUnsafeDualWriteLosesTheEventBetweenItsTwoTransactions() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(UnsafeDualWriteTestCases.class);

        assertThat(results)
                .hasNumberOfStartedCases(1)
                .hasNumberOfSucceededCases(0)
                .hasNumberOfFailedCases(1);
        assertThat(results)
                .hasFailedCase("[1] crash at unsafe.after-flow-commit #1")
                .withExceptionInstanceOf(AssertionFailedError.class)
                .withMessage(failure(
                        "crash at unsafe.after-flow-commit #1",
                        "boundary=unsafe.after-flow-commit;hit=1",
                        "UnsafeDualWriteTestCases.stateAndOutbox",
                        STATE_WITHOUT_OUTBOX));
    }

    @Test
    void theSafeProducerKeepsFlowAndEventTogetherAtItsThreeBoundaries() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(SafeProducerTestCases.class);

        assertThat(results)
                .hasNumberOfStartedCases(3)
                .hasNumberOfSucceededCases(3)
                .hasNumberOfFailedCases(0);
    }

    @Test
    void aCommitSweepFindsTheUnsafeDualWriteWindowByItself() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(UnsafeDualWriteSweepTestCases.class);

        assertThat(results)
                .hasNumberOfStartedCases(7)
                .hasNumberOfSucceededCases(5)
                .hasNumberOfFailedCases(2);
        assertThat(results.failedCases())
                .containsExactly(
                        "[5] crash after commit #1 in UnsafeDualWriteProducer.commitFlowStep (via Sql.inWriteTransaction)",
                        "[6] crash before commit #1 in UnsafeDualWriteProducer.commitOutboxRow (via Sql.inWriteTransaction)");
        results.testEvents()
                .assertThatEvents()
                .haveExactly(
                        1,
                        event(
                                test(),
                                finishedWithFailure(message(failure(
                                        "crash after commit #1 in UnsafeDualWriteProducer.commitFlowStep (via Sql.inWriteTransaction)",
                                        "selector=after-commit;within=dev.deliverykit.reference.ordered.UnsafeDualWriteProducer#commitFlowStep;hit=1",
                                        "UnsafeDualWriteSweepTestCases.stateAndOutbox",
                                        STATE_WITHOUT_OUTBOX)))))
                .haveExactly(
                        1,
                        event(
                                test(),
                                finishedWithFailure(message(failure(
                                        "crash before commit #1 in UnsafeDualWriteProducer.commitOutboxRow (via Sql.inWriteTransaction)",
                                        "selector=before-commit;within=dev.deliverykit.reference.ordered.UnsafeDualWriteProducer#commitOutboxRow;hit=1",
                                        "UnsafeDualWriteSweepTestCases.stateAndOutbox",
                                        STATE_WITHOUT_OUTBOX)))));
    }

    @Test
    void aReceiptDeletingCleanupLetsTheLateRequestExecuteAgain() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(ReceiptDeletingCleanupTestCases.class);

        assertThat(results)
                .hasNumberOfStartedCases(1)
                .hasNumberOfSucceededCases(0)
                .hasNumberOfFailedCases(1);
        assertThat(results)
                .hasFailedCase("[1] crash at cleanup.after-commit #1")
                .withMessage(failure(
                        "crash at cleanup.after-commit #1",
                        "boundary=cleanup.after-commit;hit=1",
                        "ReceiptDeletingCleanupTestCases.noResurrection",
                        "no resurrection after cleanup: violated (checked 2 effect rows, 1 key)\n"
                                + "  effect resurrected after cleanup: 1 key\n"
                                + "    (demo, 1, work-1): found 2 effects: {id=1, namespace=demo, epoch=1, op=work-1},"
                                + " {id=2, namespace=demo, epoch=1, op=work-1}, expected at most 1 effect, also after"
                                + " cleanup"));
    }

    @Test
    void aSealingCleanupAnswersTheLateRequestAtEveryCrashBoundaryOfCloseAndCollect() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(SealingCleanupTestCases.class);

        assertThat(results)
                .hasNumberOfStartedCases(3)
                .hasNumberOfSucceededCases(3)
                .hasNumberOfFailedCases(0);
    }
}
