package dev.deliverykit.brokers.kafka;

import dev.deliverykit.brokers.shop.Outbox;
import org.apache.kafka.clients.producer.Producer;

/**
 * The relay as first written: marks a message published, then sends it. A death between the mark's commit and the
 * send loses the message: no later run sends a message marked published.
 */
public final class MarkFirstKafkaRelay {

    private final Outbox outbox;
    private final Producer<String, String> producer;
    private final String topic;

    public MarkFirstKafkaRelay(Outbox outbox, Producer<String, String> producer, String topic) {
        this.outbox = outbox;
        this.producer = producer;
        this.topic = topic;
    }

    public void publishPending() throws Exception {
        for (Outbox.Message message : outbox.unpublished()) {
            outbox.markPublished(message.messageId());
            producer.send(KafkaOutboxRelay.record(topic, message)).get();
        }
    }
}
