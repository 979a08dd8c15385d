package dev.deliverykit.junit5.contract;

import dev.deliverykit.junit5.NotPromised;
import dev.deliverykit.junit5.contract.fixtures.ReferenceInboxAdapter;
import dev.deliverykit.junit5.contract.fixtures.ReferenceOutboxAdapter;
import dev.deliverykit.junit5.contract.fixtures.ReferencePipelineAdapter;
import dev.deliverykit.junit5.contract.fixtures.ReferenceReceiverAdapter;
import dev.deliverykit.junit5.contract.fixtures.ReferenceRetentionAdapter;
import dev.deliverykit.junit5.contract.fixtures.TenantBlindReceiverAdapter;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.reference.outbox.DeliveryProtocol;
import dev.deliverykit.reference.outbox.WarehouseWithAtomicReceipt;
import dev.deliverykit.reference.outbox.WarehouseWithoutDedup;

/**
 * Every reference implementation and broken variant under its role's contract, as a user's contract test class would
 * be: one adapter each, nothing else. Run only through {@code CrashTestKit}, by the proofs.
 */
final class ContractTestCases {

    private ContractTestCases() {}

    @CrashTestKitOnly
    // tag::contract-test[]
    static class AtomicReceiptReceiverTestCases implements IdempotentReceiverContract {
        @Override
        public IdempotentReceiverAdapter adapter() {
            return new ReferenceReceiverAdapter(WarehouseWithAtomicReceipt::new);
        }
    }
    // end::contract-test[]

    @CrashTestKitOnly
    static class WithoutDedupReceiverTestCases implements IdempotentReceiverContract {
        @Override
        public IdempotentReceiverAdapter adapter() {
            return new ReferenceReceiverAdapter(WarehouseWithoutDedup::new);
        }
    }

    @CrashTestKitOnly
    static class TenantBlindReceiverTestCases implements IdempotentReceiverContract {
        @Override
        public IdempotentReceiverAdapter adapter() {
            return new TenantBlindReceiverAdapter();
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

    @CrashTestKitOnly
    @NotPromised(
            value = {
                OrderedInboxContract.EVERY_ARRIVAL_ORDER,
                OrderedInboxContract.GAP_WAITS,
                OrderedInboxContract.FLOWS_ISOLATED
            },
            because = "one partition per flow delivers its events in order; this consumer applies them on arrival")
    static class ArrivalOrderWithoutOrderingPromiseTestCases implements OrderedInboxContract {
        @Override
        public OrderedInboxAdapter adapter() {
            return ReferenceInboxAdapter.arrivalOrder();
        }
    }

    @CrashTestKitOnly
    @NotPromised(value = "inbox.every-arrival-ordr", because = "one partition per flow delivers its events in order")
    static class MisspeltNotPromisedTestCases implements OrderedInboxContract {
        @Override
        public OrderedInboxAdapter adapter() {
            return ReferenceInboxAdapter.orderedConsumer();
        }
    }
}
