package dev.deliverykit.brokers.jms;

import dev.deliverykit.CrashMode;
import dev.deliverykit.brokers.jms.JmsShop.Relay;
import dev.deliverykit.brokers.jms.JmsShop.Shipping;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;

/**
 * The correct pipeline over a real ActiveMQ Artemis: a relay that marks a message published after its persistent
 * send, and a consumer on a transacted session that ships through an inbox and commits the session after. Swept by
 * default (every statement, commit and JMS client boundary, equivalent points pruned), it survives a death at every
 * point, in the test's JVM and as real process exits.
 */
class JmsPipelineCrashTest extends JmsPipeline {

    @CrashSweep(mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
    void aPlacedOrderShipsExactlyOnce(CrashScenario scenario) throws Exception {
        placeRelayShipAndRecover(scenario, Relay.CORRECT, Shipping.INBOX);
    }
}
