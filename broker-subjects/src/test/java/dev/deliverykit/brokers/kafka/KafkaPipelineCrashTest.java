package dev.deliverykit.brokers.kafka;

import dev.deliverykit.CrashMode;
import dev.deliverykit.brokers.kafka.KafkaShop.Relay;
import dev.deliverykit.brokers.kafka.KafkaShop.Shipping;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;

/**
 * The correct pipeline over a real Kafka broker: a relay that marks a message published only after the broker
 * acknowledged it, and a consumer that ships through an inbox in the shipment's transaction and commits its offsets
 * after. Swept by default (every statement, commit and Kafka client boundary, equivalent points pruned), it survives
 * a death at every point, in the test's JVM and as real process exits: the topic may hold a message twice, shipping
 * applies it once.
 */
class KafkaPipelineCrashTest extends KafkaPipeline {

    @CrashSweep(mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
    void aPlacedOrderShipsExactlyOnce(CrashScenario scenario) throws Exception {
        placeRelayShipAndRecover(scenario, Relay.CORRECT, Shipping.INBOX);
    }
}
