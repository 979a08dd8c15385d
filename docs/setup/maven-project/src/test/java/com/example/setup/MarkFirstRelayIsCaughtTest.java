package com.example.setup;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Path;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/**
 * The proof that {@link OrderReachesShippingCrashTest} is worth its cases: its sweeps and its {@code @CrashAt},
 * unchanged but for the relay, fail against {@link MarkFirstOutboxRelay}, in this JVM and as real process exits.
 */
// tag::caught[]
class MarkFirstRelayIsCaughtTest {

    /** The same crash tests against the broken relay. They fail on purpose: only the test below runs them. */
    @CrashTestKitOnly
    static class AgainstTheMarkFirstRelay extends OrderReachesShippingCrashTest {

        @Override
        OutboxRelay relay() throws SQLException {
            return new MarkFirstOutboxRelay(dir.resolve("orders.db"), new ShippingInbox(dir.resolve("shipping.db")));
        }
    }

    @Test
    void theSweepAndTheCrashAtFailInBothModes() {
        CrashTestResults results = CrashTestKit.reportingTo(Path.of("target", "deliverykit", "mark-first"))
                .run(AgainstTheMarkFirstRelay.class);

        // in this JVM: the sweep's 7 cases (a recording and 6 crashes), 2 failed, the @CrashAt case failed, and the
        // failure sweep's 7 (a recording and 6 failed commits), 2 failed; as real process exits: the sweep's 6 cases
        // (a recording and 5 crashes), 1 failed, the @CrashAt case, and the failure sweep's 7, 2 failed
        assertThat(results)
                .hasNumberOfFailedContainers(0)
                .hasNumberOfStartedCases(29)
                .hasNumberOfSucceededCases(20)
                .hasNumberOfFailedCases(9)
                .hasNumberOfAbortedCases(0);
        assertThat(results.failedCases())
                .containsExactly(
                        "[5] crash after commit #1 in OutboxRelay.markSent",
                        "[6] crash before statement \"INSERT INTO received_message(message_id) VALUES …\" #1"
                                + " in ShippingInbox.receive",
                        "[12] crash after commit #1 in OutboxRelay.markSent (child JVM)",
                        "[1] crash at entry of com.example.setup.ShippingInbox"
                                + "#receive(java.lang.String,java.lang.String) #1",
                        "[2] crash at entry of com.example.setup.ShippingInbox"
                                + "#receive(java.lang.String,java.lang.String) #1 (child JVM)",
                        "[5] fail after commit #1 in OutboxRelay.markSent",
                        "[6] fail before commit #1 in ShippingInbox.receive",
                        "[12] fail after commit #1 in OutboxRelay.markSent (child JVM)",
                        "[13] fail before commit #1 in ShippingInbox.receive (child JVM)");
        assertThat(results)
                .hasFailedCase("[12] crash after commit #1 in OutboxRelay.markSent (child JVM)")
                .withMessage(
                        """
                        2 of 2 invariants declared with @CheckInvariant violated after crash after commit #1 in \
                        OutboxRelay.markSent (child JVM) and recovery:
                        [OrderReachesShippingCrashTest.shippedOnce] every message shipped exactly once: violated \
                        (checked 1 intent key, 0 effect rows)
                          lost intent: 1 key
                            o-1:placed: found 0 effects, expected exactly 1
                        [OrderReachesShippingCrashTest.noOrderLost] no order lost on its way to shipping: violated \
                        (checked 1 intent key, 0 effect rows)
                          lost intent: 1 key
                            o-1: found 0 effects, expected at least 1

                        DeliveryKit case: crash after commit #1 in OutboxRelay.markSent (child JVM)
                        Replay only this case: -Ddeliverykit.replay='selector=after-commit;\
                        within=com.example.setup.OutboxRelay#markSent;hit=1;mode=child-process'""");
    }
}
// end::caught[]
