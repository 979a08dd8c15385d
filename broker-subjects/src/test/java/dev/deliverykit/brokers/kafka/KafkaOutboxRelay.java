package dev.deliverykit.brokers.kafka;

import dev.deliverykit.brokers.shop.Outbox;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * Sends the outbox's messages to a topic, keyed by order, the outbox message id in a header: each one acknowledged
 * by the broker ({@code send(...).get()}) before it is marked published in a transaction of its own. A death between
 * the two sends it again on restart: at least once, which the consumer's inbox makes once.
 */
public final class KafkaOutboxRelay {

    private final Outbox outbox;
    private final Producer<String, String> producer;
    private final String topic;

    public KafkaOutboxRelay(Outbox outbox, Producer<String, String> producer, String topic) {
        this.outbox = outbox;
        this.producer = producer;
        this.topic = topic;
    }

    public void publishPending() throws Exception {
        for (Outbox.Message message : outbox.unpublished()) {
            producer.send(record(topic, message)).get();
            outbox.markPublished(message.messageId());
        }
    }

    static ProducerRecord<String, String> record(String topic, Outbox.Message message) {
        ProducerRecord<String, String> record = new ProducerRecord<>(topic, message.orderId(), message.payload());
        record.headers().add("message-id", message.messageId().getBytes(StandardCharsets.UTF_8));
        return record;
    }
}
