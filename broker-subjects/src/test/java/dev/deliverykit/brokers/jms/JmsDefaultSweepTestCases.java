package dev.deliverykit.brokers.jms;

import dev.deliverykit.CrashMode;
import dev.deliverykit.brokers.jms.JmsShop.Relay;
import dev.deliverykit.brokers.jms.JmsShop.Shipping;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;

/** The sweeps of {@link JmsDefaultSweepTests} and {@link JmsSweepsRepeatTests} over a real ActiveMQ Artemis. */
final class JmsDefaultSweepTestCases {

    private JmsDefaultSweepTestCases() {}

    /**
     * The correct pipeline: a relay that marks a message published after its persistent send, and a consumer on a
     * transacted session that ships through an inbox and commits the session after. Swept by default (every
     * statement, commit and JMS client boundary, equivalent points pruned), it survives a death at every point, in
     * the test's JVM and as real process exits.
     */
    @CrashTestKitOnly
    static class CorrectPipelineTestCases extends JmsPipeline {
        @CrashSweep(mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
        void aPlacedOrderShipsExactlyOnce(CrashScenario scenario) throws Exception {
            placeRelayShipAndRecover(scenario, Relay.CORRECT, Shipping.INBOX);
        }
    }

    /**
     * The relay's first connection to the broker, between its database's last setting and its schema: where a
     * fresh JVM loads the client's native transport, which must not tell the crash before the schema apart from the
     * crash after the setting. The smallest sweep with that pair of points.
     */
    @CrashTestKitOnly
    static class FirstConnectionTestCases extends JmsRelay {
        @CrashSweep(
                kinds = SweepKind.STATEMENTS,
                sql = {"^PRAGMA busy_timeout", "^CREATE TABLE IF NOT EXISTS orders"},
                mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
        void everyOutboxMessageReachesTheQueue(CrashScenario scenario) throws Exception {
            placeRelayAndRecover(scenario, Relay.CORRECT);
        }
    }
}
