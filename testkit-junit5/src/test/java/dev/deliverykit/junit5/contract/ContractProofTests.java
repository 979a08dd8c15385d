package dev.deliverykit.junit5.contract;

import static dev.deliverykit.junit5.internal.execution.InvariantFailures.checked;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.junit5.contract.ContractTestCases.ArrivalOrderInboxTestCases;
import dev.deliverykit.junit5.contract.ContractTestCases.AtomicReceiptPipelineTestCases;
import dev.deliverykit.junit5.contract.ContractTestCases.AtomicReceiptReceiverTestCases;
import dev.deliverykit.junit5.contract.ContractTestCases.CloseAndCollectRetentionTestCases;
import dev.deliverykit.junit5.contract.ContractTestCases.MarkFirstPipelineTestCases;
import dev.deliverykit.junit5.contract.ContractTestCases.OrderedConsumerInboxTestCases;
import dev.deliverykit.junit5.contract.ContractTestCases.OrderedProducerOutboxTestCases;
import dev.deliverykit.junit5.contract.ContractTestCases.ReceiptOnlyCleanupRetentionTestCases;
import dev.deliverykit.junit5.contract.ContractTestCases.TenantBlindReceiverTestCases;
import dev.deliverykit.junit5.contract.ContractTestCases.UnsafeDualWriteOutboxTestCases;
import dev.deliverykit.junit5.contract.ContractTestCases.WithoutDedupPipelineTestCases;
import dev.deliverykit.junit5.contract.ContractTestCases.WithoutDedupReceiverTestCases;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/**
 * The contracts, proven against known-good and known-bad code: every reference implementation keeps every guarantee of
 * its role, and every broken variant breaks exactly the guarantees its bug violates and keeps the others; one whole
 * failure message per kind of check.
 */
class ContractProofTests {

    /** The reference implementations: every guarantee holds, and JUnit saw no failure. */
    private static final List<Class<?>> REFERENCES = List.of(
            AtomicReceiptReceiverTestCases.class,
            OrderedProducerOutboxTestCases.class,
            OrderedConsumerInboxTestCases.class,
            CloseAndCollectRetentionTestCases.class,
            AtomicReceiptPipelineTestCases.class);

    /** The broken variants and what their bugs break, in the order the checks run. */
    private static final Map<Class<?>, List<String>> BROKEN = Map.of(
            WithoutDedupReceiverTestCases.class,
            List.of(
                    IdempotentReceiverContract.DUPLICATE_SAME_PARAMETERS,
                    IdempotentReceiverContract.CONCURRENT_WORKERS,
                    IdempotentReceiverContract.OTHER_PARAMETERS_CONFLICT,
                    IdempotentReceiverContract.CRASH_AT_EVERY_BOUNDARY,
                    IdempotentReceiverContract.REAL_PROCESS_EXIT),
            TenantBlindReceiverTestCases.class,
            List.of(IdempotentReceiverContract.TENANT_IN_KEY),
            UnsafeDualWriteOutboxTestCases.class,
            List.of(
                    TransactionalOutboxContract.REAL_PROCESS_EXIT,
                    TransactionalOutboxContract.STATE_AND_OUTBOX_TOGETHER),
            ArrivalOrderInboxTestCases.class,
            List.of(
                    OrderedInboxContract.GAP_WAITS,
                    OrderedInboxContract.UNSUPPORTED_VERSION_BLOCKS,
                    OrderedInboxContract.FLOWS_ISOLATED,
                    OrderedInboxContract.EVERY_ARRIVAL_ORDER,
                    OrderedInboxContract.CONFLICTS_REJECTED),
            ReceiptOnlyCleanupRetentionTestCases.class,
            List.of(
                    DedupRetentionContract.UNSEEN_REQUEST_CLOSED,
                    DedupRetentionContract.BOUNDARY_NEVER_LOWERED,
                    DedupRetentionContract.REAL_PROCESS_EXIT,
                    DedupRetentionContract.CRASH_INSIDE_CLEANUP,
                    DedupRetentionContract.LATE_REQUEST_AFTER_CLEANUP),
            MarkFirstPipelineTestCases.class,
            List.of(DeliveryPipelineContract.REAL_PROCESS_EXIT, DeliveryPipelineContract.CRASH_AT_EVERY_BOUNDARY),
            WithoutDedupPipelineTestCases.class,
            List.of(DeliveryPipelineContract.REAL_PROCESS_EXIT, DeliveryPipelineContract.CRASH_AT_EVERY_BOUNDARY));

    @Test
    void everyReferenceImplementationKeepsEveryGuaranteeOfItsRole() {
        ContractProofs.Run run = ContractProofs.run();
        for (Class<?> reference : REFERENCES) {
            assertThat(run.guarantees(reference)).as(reference.getSimpleName()).isNotEmpty();
            assertThat(run.withVerdict(reference, "HOLDS"))
                    .as("the guarantees %s keeps", reference.getSimpleName())
                    .containsExactlyElementsOf(run.guarantees(reference).keySet());
            assertThat(run.results().testEvents().failed().stream()
                            .filter(event -> event.getTestDescriptor()
                                    .getUniqueId()
                                    .toString()
                                    .contains(reference.getName())))
                    .as("failed cases of %s", reference.getSimpleName())
                    .isEmpty();
        }
    }

    @Test
    void eachBrokenVariantBreaksExactlyTheGuaranteesItsBugViolatesAndKeepsTheOthers() {
        ContractProofs.Run run = ContractProofs.run();
        BROKEN.forEach((variant, broken) -> {
            assertThat(run.withVerdict(variant, "VIOLATED"))
                    .as("the guarantees %s breaks", variant.getSimpleName())
                    .containsExactlyElementsOf(broken);
            assertThat(run.withVerdict(variant, "HOLDS"))
                    .as("the guarantees %s keeps", variant.getSimpleName())
                    .containsExactlyElementsOf(run.guarantees(variant).keySet().stream()
                            .filter(id -> !broken.contains(id))
                            .toList());
        });
    }

    @Test
    void aPlainCheckFailsWithItsFindingTheGuaranteeWhatTheKitDidEveryFindingAndTheFix() {
        Throwable failure = ContractProofs.run()
                .failureOf(
                        WithoutDedupReceiverTestCases.class,
                        "concurrentWorkersOnOneKeyMakeOneEffect",
                        "concurrentWorkersOnOneKeyMakeOneEffect(Path)");

        assertThat(failure)
                .isInstanceOf(AssertionFailedError.class)
                .hasMessage("concurrent workers on one key: 5 effects for (tenantA, reserve-1), expected exactly 1\n"
                        + "Guarantee receiver.concurrent-workers-one-key: four workers, each a process of its own,"
                        + " handling one key at the same moment make one effect: one is executed, the others replayed"
                        + " or refused.\n"
                        + "The kit released 4 workers, each with a process of its own, on tenantA:reserve-1"
                        + " {part=P-7, quantity=1} at once (answers: EXECUTED, EXECUTED, EXECUTED, EXECUTED), then sent"
                        + " it again to a fresh process (answer: EXECUTED).\n"
                        + "exactly once per request: violated (checked 1 intent key, 5 effect rows)\n"
                        + "  duplicate effect: 1 key\n"
                        + "    (tenantA, reserve-1): found 5 effects, expected exactly 1\n"
                        + "workers executed: 4, expected 1\n"
                        + "the retry after the race answered: EXECUTED, expected REPLAYED\n"
                        + "Fix: store the key (tenant and id) and a digest of the parameters in the transaction that"
                        + " commits the effect, answer a known key from it, and let a unique constraint on the key stop"
                        + " a second insert.");
    }

    @Test
    void aCrashSweepCheckFailsWithTheInvariantsTheCrashedAndRecoveredCaseViolated() {
        Throwable failure = ContractProofs.run()
                .failureOf(
                        UnsafeDualWriteOutboxTestCases.class,
                        "aCrashWhileRecordingLeavesStateAndOutboxRowTogether",
                        "[4] crash after commit #1 in UnsafeDualWriteProducer.commitFlowStep (via"
                                + " Sql.inWriteTransaction)");

        assertThat(failure)
                .isInstanceOf(AssertionError.class)
                .hasMessage(
                        checked(
                                        1,
                                        1,
                                        "crash after commit #1 in UnsafeDualWriteProducer.commitFlowStep (via"
                                                + " Sql.inWriteTransaction) and recovery:")
                                + "\n"
                                + "state and outbox row together: violated (checked 1 state key, 0 outbox keys)\n"
                                + "  state without its outbox row: 1 key\n"
                                + "    o-1: found state, no outbox row, expected its outbox row\n"
                                + "\n"
                                + "DeliveryKit case: crash after commit #1 in UnsafeDualWriteProducer.commitFlowStep (via"
                                + " Sql.inWriteTransaction) (in process)\n"
                                + "Replay only this case: -Ddeliverykit.replay='selector=after-commit;within=dev.deliverykit.reference.ordered.UnsafeDualWriteProducer#commitFlowStep;hit=1'");
    }

    @Test
    void anArrivalOrderCheckFailsWithTheOrderItDeliveredAndTheSequenceItApplied() {
        Throwable failure = ContractProofs.run()
                .failureOf(
                        ArrivalOrderInboxTestCases.class,
                        "everyArrivalOrderAppliesTheFlowInSequence",
                        "[1] deliver A3,A1,A2,A3");

        assertThat(failure)
                .hasMessage(checked(1, 2, "deliver A3,A1,A2,A3:") + "\n"
                        + "applied in sequence per flow: violated (checked 1 flow, 3 applied records)\n"
                        + "  not a contiguous prefix: 1 flow\n"
                        + "    A: found seq 3, 1, 2 in application order (seq 1 applied after seq 3), expected seq 1,"
                        + " 2, 3, each once, in this order\n"
                        + "\n"
                        + "DeliveryKit case: deliver A3,A1,A2,A3\n"
                        + "Replay only this case: -Ddeliverykit.replay='order=A3,A1,A2,A3'");
    }

    @Test
    void aRealProcessExitCheckJudgesWhatTheHaltedChildJvmLeftInTheDatabases() {
        Throwable failure = ContractProofs.run()
                .failureOf(
                        MarkFirstPipelineTestCases.class,
                        "aRealProcessExitAfterTheSecondCommitLeavesOneEffect",
                        "[1] crash after commit #2 (child JVM)");

        assertThat(failure)
                .hasMessage(checked(1, 1, "crash after commit #2 (child JVM) and recovery:") + "\n"
                        + "exactly once per intent: violated (checked 1 intent key, 0 effect rows)\n"
                        + "  lost intent: 1 key\n"
                        + "    reserve-1:1:0: found 0 effects, expected exactly 1\n"
                        + "\n"
                        + "DeliveryKit case: crash after commit #2 (child JVM)\n"
                        + "Replay only this case: -Ddeliverykit.replay='selector=after-commit;hit=2'");
    }
}
