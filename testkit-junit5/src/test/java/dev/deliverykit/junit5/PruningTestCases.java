package dev.deliverykit.junit5;

import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.junit5.fixtures.Ordered;
import dev.deliverykit.junit5.fixtures.Retention;
import dev.deliverykit.junit5.fixtures.WarehouseReservation;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.reference.outbox.DeliveryProtocol;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** Default sweeps over the reference implementation's correct and broken variants, for {@link PruningTests}. */
final class PruningTestCases {

    private PruningTestCases() {}

    /** The warehouse reservation under one protocol, swept at every statement and commit. */
    abstract static class Warehouse {
        @TempDir
        Path dir;

        @CheckInvariant
        Invariant exactlyOnce = WarehouseReservation.exactlyOncePerKey(() -> dir);

        private final DeliveryProtocol protocol;

        Warehouse(DeliveryProtocol protocol) {
            this.protocol = protocol;
        }

        @CrashSweep
        void exactlyOneReservation(CrashScenario scenario) throws Exception {
            WarehouseReservation.crashAndRecover(scenario, protocol, dir);
        }
    }

    @CrashTestKitOnly
    static class MarkFirstTestCases extends Warehouse {
        MarkFirstTestCases() {
            super(DeliveryProtocol.MARK_FIRST);
        }
    }

    @CrashTestKitOnly
    static class WithoutDedupTestCases extends Warehouse {
        WithoutDedupTestCases() {
            super(DeliveryProtocol.OUTBOX_WITHOUT_DEDUP);
        }
    }

    @CrashTestKitOnly
    static class AtomicReceiptTestCases extends Warehouse {
        AtomicReceiptTestCases() {
            super(DeliveryProtocol.OUTBOX_WITH_ATOMIC_RECEIPT);
        }
    }

    /** The ordered producer, safe or the unsafe dual write, swept at every statement and commit. */
    abstract static class Producer {
        @TempDir
        Path dir;

        @CheckInvariant
        Invariant stateAndOutbox = Ordered.stateAndOutboxTogether(() -> dir);

        private final boolean safe;

        Producer(boolean safe) {
            this.safe = safe;
        }

        @CrashSweep
        void noFlowChangeWithoutItsEvent(CrashScenario scenario) throws Exception {
            Ordered.advanceAndRecover(scenario, safe, dir);
        }
    }

    @CrashTestKitOnly
    static class UnsafeDualWriteTestCases extends Producer {
        UnsafeDualWriteTestCases() {
            super(false);
        }
    }

    @CrashTestKitOnly
    static class SafeProducerTestCases extends Producer {
        SafeProducerTestCases() {
            super(true);
        }
    }

    /** A cleanup, sealing or deleting receipts only, then a late request: every statement, commit and catalogue boundary. */
    @BoundaryCatalogueSource(Retention.class)
    abstract static class Cleanup {
        @TempDir
        Path dir;

        @CheckInvariant
        Invariant noResurrection = Retention.noResurrection(() -> dir);

        private final boolean seal;

        Cleanup(boolean seal) {
            this.seal = seal;
        }

        @CrashSweep
        void lateRequestIsNotExecutedAgain(CrashScenario scenario) throws Exception {
            Retention.cleanupThenLateRequest(scenario, seal, dir);
        }
    }

    @CrashTestKitOnly
    static class ReceiptDeletingCleanupTestCases extends Cleanup {
        ReceiptDeletingCleanupTestCases() {
            super(false);
        }
    }

    @CrashTestKitOnly
    static class SealingCleanupTestCases extends Cleanup {
        SealingCleanupTestCases() {
            super(true);
        }
    }
}
