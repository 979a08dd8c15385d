package dev.deliverykit.junit5;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.deliverykit.junit5.fixtures.EngineTestKitOnly;
import dev.deliverykit.junit5.fixtures.Kit;
import dev.deliverykit.junit5.fixtures.Ordered;
import dev.deliverykit.junit5.fixtures.Retention;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * The other broken variants of the reference implementation fail the test that targets them, with the
 * message a user needs; their correct counterparts pass at the contract's boundaries.
 */
class ReferenceVariantsCrashTest {

    @TempDir
    Path reports;

    @EngineTestKitOnly
    @BoundaryCatalogueSource(Ordered.class)
    static class UnsafeDualWrite {
        @CrashAt("unsafe.after-flow-commit")
        void noFlowChangeWithoutItsEvent(CrashScenario scenario, @TempDir Path dir) throws Exception {
            Ordered.noStateWithoutItsEvent(scenario, false, dir);
        }
    }

    @EngineTestKitOnly
    @BoundaryCatalogueSource(Ordered.class)
    static class SafeProducer {
        @CrashAt({"producer.after-flow-update", "producer.after-outbox-insert", "producer.after-commit"})
        void noFlowChangeWithoutItsEvent(CrashScenario scenario, @TempDir Path dir) throws Exception {
            Ordered.noStateWithoutItsEvent(scenario, true, dir);
        }
    }

    @EngineTestKitOnly
    static class UnsafeDualWriteSweep {
        @CrashSweep(kinds = SweepKind.COMMITS)
        void noFlowChangeWithoutItsEvent(CrashScenario scenario, @TempDir Path dir) throws Exception {
            Ordered.noStateWithoutItsEvent(scenario, false, dir);
        }
    }

    @EngineTestKitOnly
    @BoundaryCatalogueSource(Retention.class)
    static class ReceiptDeletingCleanup {
        @CrashAt("cleanup.after-commit")
        void lateRequestIsNotExecutedAgain(CrashScenario scenario, @TempDir Path dir) throws Exception {
            Retention.lateRequestIsNotExecutedAgain(scenario, false, dir);
        }
    }

    @EngineTestKitOnly
    @BoundaryCatalogueSource(Retention.class)
    static class SealingCleanup {
        @CrashAt({"seal.after-boundary-update", "seal.after-receipt-delete", "seal.after-commit"})
        void lateRequestIsNotExecutedAgain(CrashScenario scenario, @TempDir Path dir) throws Exception {
            Retention.lateRequestIsNotExecutedAgain(scenario, true, dir);
        }
    }

    private static String block(String displayName, String replayKey) {
        return "\n\nDeliveryKit case: " + displayName + " (in process)\n"
                + "Replay only this case: -Ddeliverykit.replay='" + replayKey + "'";
    }

    @Test
    void theUnsafeDualWriteLosesTheEventBetweenItsTwoTransactions() {
        EngineExecutionResults results = Kit.reportingTo(reports).run(UnsafeDualWrite.class);

        results.testEvents().assertStatistics(stats -> stats.started(1).succeeded(0).failed(1));
        results.testEvents().assertThatEvents().haveExactly(1, event(test(),
                displayName("[1] crash at unsafe.after-flow-commit #1"),
                finishedWithFailure(message("[effects of flow A after recovery (flow at seq 1, 0 outbox row(s))] \n"
                        + "expected: 1L\n but was: 0L" + block("crash at unsafe.after-flow-commit #1",
                                "boundary=unsafe.after-flow-commit;hit=1")))));
    }

    @Test
    void theSafeProducerKeepsFlowAndEventTogetherAtItsThreeBoundaries() {
        EngineExecutionResults results = Kit.reportingTo(reports).run(SafeProducer.class);

        results.testEvents().assertStatistics(stats -> stats.started(3).succeeded(3).failed(0));
    }

    @Test
    void aCommitSweepFindsTheUnsafeDualWriteWindowByItself() {
        EngineExecutionResults results = Kit.reportingTo(reports).run(UnsafeDualWriteSweep.class);

        results.testEvents().assertStatistics(stats -> stats.started(7).succeeded(5).failed(2));
        assertThat(Seed002CrashSweepTest.failed(results)).containsExactly(
                "[5] crash after commit #2 in UnsafeDualWriteProducer.commitFlowStep",
                "[6] crash before commit #3 in UnsafeDualWriteProducer.commitOutboxRow");
        results.testEvents().assertThatEvents().haveExactly(1, event(test(), finishedWithFailure(message(
                "[effects of flow A after recovery (flow at seq 1, 0 outbox row(s))] \nexpected: 1L\n but was: 0L"
                        + block("crash after commit #2 in UnsafeDualWriteProducer.commitFlowStep",
                                "selector=after-commit;hit=2")))));
    }

    @Test
    void aReceiptDeletingCleanupLetsTheLateRequestExecuteAgain() {
        EngineExecutionResults results = Kit.reportingTo(reports).run(ReceiptDeletingCleanup.class);

        results.testEvents().assertStatistics(stats -> stats.started(1).succeeded(0).failed(1));
        results.testEvents().assertThatEvents().haveExactly(1, event(test(),
                displayName("[1] crash at cleanup.after-commit #1"),
                finishedWithFailure(message("[effects of demo/1/work-1 after the late request (answered CREATED)] \n"
                        + "expected: 1L\n but was: 2L" + block("crash at cleanup.after-commit #1",
                                "boundary=cleanup.after-commit;hit=1")))));
    }

    @Test
    void aSealingCleanupAnswersTheLateRequestAtEveryCrashBoundaryOfCloseAndCollect() {
        EngineExecutionResults results = Kit.reportingTo(reports).run(SealingCleanup.class);

        results.testEvents().assertStatistics(stats -> stats.started(3).succeeded(3).failed(0));
    }
}
