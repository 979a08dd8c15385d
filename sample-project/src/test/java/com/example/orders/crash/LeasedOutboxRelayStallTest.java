package com.example.orders.crash;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;

import com.example.orders.LeasedOutboxRelay;
import com.example.orders.MessageHandler;
import com.example.orders.db.Database;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Path;
import java.time.Clock;
import java.util.function.IntSupplier;
import org.junit.jupiter.api.Test;

/**
 * Two replicas of {@link LeasedOutboxRelay}, one stalled past its lease after each of its transactions while the other
 * runs: every message reaches the broker once, as the stalled replica's mark fails once its claim ran out or was
 * taken over, and it skips the send. The same sweep catches the relay that trusts its lease
 * ({@code com.example.orders.before.TrustingLeasedRelayIsCaughtTest}).
 */
class LeasedOutboxRelayStallTest {

    static final Path REPORT_DIR = Path.of("target", "deliverykit", "leased");

    /** The stall sweep against the fenced relay, run through the JUnit Platform by the test below. */
    @CrashTestKitOnly
    static class FencedRelays extends TwoLeasedRelays {
        @Override
        protected IntSupplier relay(Database orderDb, MessageHandler broker, String relayId, Clock clock) {
            return new LeasedOutboxRelay(orderDb, broker, relayId, clock)::publishPending;
        }
    }

    @Test
    void everyStallOfEitherReplicaSendsEachMessageOnce() {
        CrashTestResults results = CrashTestKit.reportingTo(REPORT_DIR).run(FencedRelays.class);

        assertThat(results).hasNumberOfStartedCases(12).hasNumberOfFailedCases(0);
        assertThat(results).hasNumberOfFailedContainers(0).hasNumberOfAbortedCases(0);
    }
}
