package dev.deliverykit.brokers.kafka;

import dev.deliverykit.brokers.shop.OrderService;
import dev.deliverykit.brokers.shop.Outbox;
import dev.deliverykit.brokers.shop.Shipments;
import dev.deliverykit.brokers.shop.Sqlite;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;

/**
 * The shop's processes over Kafka, each the way its {@code main} would run it: opens its database file and its client,
 * does its work, and closes both. The orders and the outbox live in {@code orders.db}, shipping in
 * {@code shipping.db}, both in the case's directory.
 */
public final class KafkaShop {

    /** The relay a relay process runs. */
    public enum Relay {
        CORRECT,
        MARK_FIRST,
        FIRE_AND_FORGET
    }

    /** The consumer a shipping process runs. */
    public enum Shipping {
        INBOX,
        NAIVE,
        FINALLY_COMMIT
    }

    /** The relays' and the consumers' methods, for a sweep's {@code within}. */
    public static final String CORRECT_RELAY = "dev.deliverykit.brokers.kafka.KafkaOutboxRelay#publishPending";

    public static final String MARK_FIRST_RELAY = "dev.deliverykit.brokers.kafka.MarkFirstKafkaRelay#publishPending";
    public static final String FIRE_AND_FORGET_RELAY =
            "dev.deliverykit.brokers.kafka.FireAndForgetKafkaRelay#publishPending";
    public static final String CONSUMING = "dev.deliverykit.brokers.kafka.ShippingConsumer#drain";

    private KafkaShop() {}

    /** The case's topic: one partition, so that its records, and the sweep's points, come in one order. */
    public static void createTopic(String topic) {
        EmbeddedKafka.get().createTopic(topic, 1);
    }

    public static void placeOrder(Path dir, String orderId) throws Exception {
        try (Connection orders = Sqlite.open(dir.resolve("orders.db"))) {
            new OrderService(orders).placeOrder(orderId, "alice", 1250);
        }
    }

    /** A relay process: sends what the outbox holds, then ends. */
    public static void relay(Path dir, String topic, Relay relay) throws Exception {
        Map<String, Object> config = EmbeddedKafka.get().producerConfig();
        if (relay == Relay.FIRE_AND_FORGET) {
            // Batches wait for more messages, up to a minute: flushed by the relay, or by close().
            config.put(ProducerConfig.LINGER_MS_CONFIG, 60_000);
        }
        try (Connection orders = Sqlite.open(dir.resolve("orders.db"));
                KafkaProducer<String, String> producer = new KafkaProducer<>(config)) {
            new OrderService(orders); // the schema, as the order process left it
            Outbox outbox = new Outbox(orders);
            switch (relay) {
                case CORRECT -> new KafkaOutboxRelay(outbox, producer, topic).publishPending();
                case MARK_FIRST -> new MarkFirstKafkaRelay(outbox, producer, topic).publishPending();
                case FIRE_AND_FORGET -> new FireAndForgetKafkaRelay(outbox, producer, topic).publishPending();
            }
        }
    }

    /** A shipping process: consumes what the topic holds in shipping's group, then ends. */
    public static void ship(Path dir, String topic, Shipping shipping) throws Exception {
        try (Connection connection = Sqlite.open(dir.resolve("shipping.db"));
                KafkaConsumer<String, String> consumer = new KafkaConsumer<>(consumerConfig(topic))) {
            Shipments shipments = new Shipments(connection);
            switch (shipping) {
                case INBOX -> new InboxShippingConsumer(consumer, topic, shipments).drain();
                case NAIVE -> new NaiveShippingConsumer(consumer, topic, shipments).drain();
                case FINALLY_COMMIT -> new FinallyCommitShippingConsumer(consumer, topic, shipments).drain();
            }
        }
    }

    /**
     * Shipping's group, one per topic. A process that dies leaves its member in the group until its session times
     * out; the restarted process must get the partition back at once instead. Static membership does that with the
     * classic protocol: a member joining with the dead one's {@code group.instance.id} takes its place and its
     * assignment without waiting for the old session or a rebalance. (The consumer protocol of KIP-848 refuses a
     * static member whose instance id is still held, until the old session expires, which the broker's
     * {@code group.consumer.min.session.timeout.ms} keeps at 45 s or more by default; an unclosed dynamic member
     * of the classic protocol holds a rebalance for {@code max.poll.interval.ms}.)
     */
    static Map<String, Object> consumerConfig(String topic) {
        Map<String, Object> config = EmbeddedKafka.get().consumerConfig();
        config.put(ConsumerConfig.GROUP_ID_CONFIG, "shipping-" + topic);
        config.put(ConsumerConfig.GROUP_PROTOCOL_CONFIG, "classic");
        config.put(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG, "shipping-1");
        config.put(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, 10_000);
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        // A consumer for low latency: the broker answers a fetch with nothing after 50 ms, not 500.
        config.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 50);
        return config;
    }
}
