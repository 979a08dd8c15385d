package dev.deliverykit.brokers.kafka;

import dev.deliverykit.brokers.shop.Outbox;
import org.apache.kafka.clients.producer.Producer;

/**
 * A relay tuned for throughput: hands each message to the producer without waiting, marks it published, and flushes
 * the producer's batch at the end. The producer batches ({@code linger.ms}), so a message marked published may still
 * be in this process's memory: a death before the flush loses it.
 */
public final class FireAndForgetKafkaRelay {

    private final Outbox outbox;
    private final Producer<String, String> producer;
    private final String topic;

    public FireAndForgetKafkaRelay(Outbox outbox, Producer<String, String> producer, String topic) {
        this.outbox = outbox;
        this.producer = producer;
        this.topic = topic;
    }

    public void publishPending() throws Exception {
        for (Outbox.Message message : outbox.unpublished()) {
            producer.send(KafkaOutboxRelay.record(topic, message)); // its future is not waited for
            outbox.markPublished(message.messageId());
        }
        producer.flush();
    }
}
