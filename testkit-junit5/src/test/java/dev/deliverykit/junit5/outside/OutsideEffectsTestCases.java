package dev.deliverykit.junit5.outside;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.CrashMode;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** An outbox relay and a consumer that meet through a broker outside the databases, swept by default. */
public final class OutsideEffectsTestCases {

    private OutsideEffectsTestCases() {}

    /** The order placed and relayed; the restart relays what is unsent and the shipping service consumes. */
    abstract static class RelayThenConsume {
        @TempDir
        Path dir;

        private final boolean deduplicates;

        RelayThenConsume(boolean deduplicates) {
            this.deduplicates = deduplicates;
        }

        @CrashSweep(mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
        void shippedOnce(CrashScenario scenario) throws Exception {
            scenario.prepare(() -> {
                new Orders(dir).create();
                new Shipping(dir).create();
            });
            Orders orders = new Orders(dir);
            scenario.run(() -> {
                orders.place("o-1");
                orders.relay();
            });
            scenario.restart(() -> {
                new Orders(dir).relay();
                if (deduplicates) {
                    new Shipping(dir).consume();
                } else {
                    new Shipping(dir).consumeNaively();
                }
            });
            assertShippedOnceIfPlaced(dir);
        }
    }

    /** A placed order is shipped exactly once; one whose placing died is not shipped. */
    static void assertShippedOnceIfPlaced(Path dir) throws Exception {
        assertThat(new Shipping(dir).shipments("o-1"))
                .as("shipments of o-1")
                .isEqualTo(new Orders(dir).placed("o-1") ? 1 : 0);
    }

    @CrashTestKitOnly
    static class NaiveConsumerTestCases extends RelayThenConsume {
        NaiveConsumerTestCases() {
            super(false);
        }
    }

    @CrashTestKitOnly
    static class DeduplicatingConsumerTestCases extends RelayThenConsume {
        DeduplicatingConsumerTestCases() {
            super(true);
        }
    }

    /** A relay that marks before its sender has sent: a death before the flush loses the order, in both modes. */
    @CrashTestKitOnly
    static class FireAndForgetRelayTestCases {
        @TempDir
        Path dir;

        @CrashSweep(mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
        void shippedOnce(CrashScenario scenario) throws Exception {
            scenario.prepare(() -> {
                new Orders(dir).create();
                new Shipping(dir).create();
            });
            Orders orders = new Orders(dir);
            scenario.run(() -> {
                orders.place("o-1");
                orders.relayWithoutWaiting();
            });
            scenario.restart(() -> {
                new Orders(dir).relay();
                new Shipping(dir).consume();
            });
            assertShippedOnceIfPlaced(dir);
        }
    }

    /** A consumer that commits its offset in a finally block: correct, since a dead process commits nothing. */
    @CrashTestKitOnly
    static class OffsetCommittedInFinallyTestCases {
        @TempDir
        Path dir;

        @CrashSweep(mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
        void shippedOnce(CrashScenario scenario) throws Exception {
            scenario.prepare(() -> {
                new Shipping(dir).create();
                new FileBroker(dir).send("o-1");
            });
            Shipping shipping = new Shipping(dir);
            scenario.run(shipping::consumeCommittingInFinally);
            scenario.restart(() -> new Shipping(dir).consumeCommittingInFinally());
            assertThat(new Shipping(dir).shipments("o-1"))
                    .as("shipments of o-1")
                    .isOne();
        }
    }
}
