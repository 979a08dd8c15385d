package dev.deliverykit.brokers.kafka;

import dev.deliverykit.brokers.Names;
import dev.deliverykit.brokers.kafka.KafkaShop.Relay;
import dev.deliverykit.brokers.kafka.KafkaShop.Shipping;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.invariant.JdbcSource;
import dev.deliverykit.invariant.kafka.KafkaTopicSource;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.CrashScenario;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;

/**
 * One order placed (the fixture), relayed to the case's topic by a process that may die, and shipped by a consumer
 * process; then a fresh relay and a fresh consumer on the same files, topic and group. The invariants read the two
 * databases and the topic after every case. A test names its sweep, its relay and its consumer.
 */
abstract class KafkaPipeline {

    static final EmbeddedKafka KAFKA = EmbeddedKafka.get();

    @TempDir
    Path dir;

    final JdbcSource orders =
            JdbcSource.url(() -> "jdbc:sqlite:" + dir.resolve("orders.db")).named("orders.db");
    final JdbcSource shipping =
            JdbcSource.url(() -> "jdbc:sqlite:" + dir.resolve("shipping.db")).named("shipping.db");
    // tag::topic-source[]
    final KafkaTopicSource topic = KafkaTopicSource.byHeader(
                    this::topicName, "message-id", () -> Map.of("bootstrap.servers", KAFKA.bootstrapServers()))
            .named("the shipments topic by header message-id");

    @CheckInvariant
    final Invariant onTheTopic = Invariants.noLostIntent("every outbox message on the topic")
            .intentsIn(orders, "outbox_message", "message_id")
            .effectsFrom(topic);
    // end::topic-source[]

    @CheckInvariant
    final Invariant shippedOnce = Invariants.exactlyOncePerKey("every order shipped once")
            .intentsIn(orders, "outbox_message", "message_id")
            .effectsIn(shipping, "shipment", "message_id");

    String topicName() {
        return Names.ofCase("shipments", dir);
    }

    void placeRelayShipAndRecover(CrashScenario scenario, Relay relay, Shipping shipping) throws Exception {
        String topic = topicName();
        scenario.prepare(() -> {
            KafkaShop.createTopic(topic);
            KafkaShop.placeOrder(dir, "o-1");
        });
        scenario.run(
                () -> { // dies at the case's crash
                    KafkaShop.relay(dir, topic, relay);
                    KafkaShop.ship(dir, topic, shipping);
                });
        scenario.restart(
                () -> { // fresh processes on the same files, topic and group
                    KafkaShop.relay(dir, topic, relay);
                    KafkaShop.ship(dir, topic, shipping);
                });
    }
}
