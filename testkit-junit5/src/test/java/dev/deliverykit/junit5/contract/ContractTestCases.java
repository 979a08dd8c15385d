package dev.deliverykit.junit5.contract;

import dev.deliverykit.junit5.contract.fixtures.ReferenceInboxAdapter;
import dev.deliverykit.junit5.contract.fixtures.ReferenceOutboxAdapter;
import dev.deliverykit.junit5.contract.fixtures.ReferencePipelineAdapter;
import dev.deliverykit.junit5.contract.fixtures.ReferenceReceiverAdapter;
import dev.deliverykit.junit5.contract.fixtures.ReferenceRetentionAdapter;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.reference.outbox.DeliveryProtocol;

/**
 * Every reference implementation and broken variant under its role's contract, as a user's contract test class would
 * be: one adapter each, nothing else. Run only through {@code CrashTestKit}, by the proofs.
 */
final class ContractTestCases {

    private ContractTestCases() {}

    @CrashTestKitOnly
    static class AtomicReceiptReceiverTestCases implements IdempotentReceiverContract {
        @Override
        public IdempotentReceiverAdapter adapter() {
            return ReferenceReceiverAdapter.atomicReceipt();
        }
    }

    @CrashTestKitOnly
    static class WithoutDedupReceiverTestCases implements IdempotentReceiverContract {
        @Override
        public IdempotentReceiverAdapter adapter() {
            return ReferenceReceiverAdapter.withoutDedup();
        }
    }

    @CrashTestKitOnly
    static class OrderedProducerOutboxTestCases implements TransactionalOutboxContract {
        @Override
        public TransactionalOutboxAdapter adapter() {
            return ReferenceOutboxAdapter.orderedProducer();
        }
    }

    @CrashTestKitOnly
    static class UnsafeDualWriteOutboxTestCases implements TransactionalOutboxContract {
        @Override
        public TransactionalOutboxAdapter adapter() {
            return ReferenceOutboxAdapter.unsafeDualWrite();
        }
    }

    @CrashTestKitOnly
    static class OrderedConsumerInboxTestCases implements OrderedInboxContract {
        @Override
        public OrderedInboxAdapter adapter() {
            return ReferenceInboxAdapter.orderedConsumer();
        }
    }

    @CrashTestKitOnly
    static class ArrivalOrderInboxTestCases implements OrderedInboxContract {
        @Override
        public OrderedInboxAdapter adapter() {
            return ReferenceInboxAdapter.arrivalOrder();
        }
    }

    @CrashTestKitOnly
    static class CloseAndCollectRetentionTestCases implements DedupRetentionContract {
        @Override
        public DedupRetentionAdapter adapter() {
            return ReferenceRetentionAdapter.closeAndCollect();
        }
    }

    @CrashTestKitOnly
    static class ReceiptOnlyCleanupRetentionTestCases implements DedupRetentionContract {
        @Override
        public DedupRetentionAdapter adapter() {
            return ReferenceRetentionAdapter.receiptOnlyCleanup();
        }
    }

    @CrashTestKitOnly
    static class AtomicReceiptPipelineTestCases implements DeliveryPipelineContract {
        @Override
        public DeliveryPipelineAdapter adapter() {
            return new ReferencePipelineAdapter(DeliveryProtocol.OUTBOX_WITH_ATOMIC_RECEIPT);
        }
    }

    @CrashTestKitOnly
    static class MarkFirstPipelineTestCases implements DeliveryPipelineContract {
        @Override
        public DeliveryPipelineAdapter adapter() {
            return new ReferencePipelineAdapter(DeliveryProtocol.MARK_FIRST);
        }
    }

    @CrashTestKitOnly
    static class WithoutDedupPipelineTestCases implements DeliveryPipelineContract {
        @Override
        public DeliveryPipelineAdapter adapter() {
            return new ReferencePipelineAdapter(DeliveryProtocol.OUTBOX_WITHOUT_DEDUP);
        }
    }
}
