package dev.deliverykit.brokers.jms;

import dev.deliverykit.CrashMode;
import dev.deliverykit.brokers.jms.JmsShop.Relay;
import dev.deliverykit.brokers.jms.JmsShop.Shipping;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.SweepKind;

/**
 * The correct pipeline over a real ActiveMQ Artemis: a relay that marks a message published after its persistent
 * send, and a consumer on a transacted session that ships through an inbox and commits the session after. It
 * survives a death at every write and commit, in the test's JVM and as real process exits.
 *
 * <p>Exhaustive for now, as in the Kafka tests: the send and the session's commit are no changes the engine sees
 * (issue 23 makes socket writes changes; then the default sweep will do).
 */
class JmsPipelineCrashTest extends JmsPipeline {

    @CrashSweep(
            kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
            sql = "^(INSERT|UPDATE|DELETE)",
            exhaustive = true,
            mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
    void aPlacedOrderShipsExactlyOnce(CrashScenario scenario) throws Exception {
        placeRelayShipAndRecover(scenario, Relay.CORRECT, Shipping.INBOX);
    }
}
