package dev.deliverykit.brokers.kafka;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;

/**
 * Shipping's Kafka consumer loop: subscribes, and handles what the topic holds until it has reached the end offsets
 * it found once its partitions were assigned (a batch run of a consumer that normally runs forever). How a batch is
 * applied and when its offsets are committed is each variant's own.
 */
public abstract class ShippingConsumer {

    /** How long a drain may take: a bound on a broken run, never an order of events. */
    static final Duration DRAIN_TIMEOUT = Duration.ofSeconds(30);

    protected final Consumer<String, String> consumer;
    private final String topic;

    protected ShippingConsumer(Consumer<String, String> consumer, String topic) {
        this.consumer = consumer;
        this.topic = topic;
    }

    /** Handles one polled batch: applies it and commits its offsets, the variant's way. */
    protected abstract void handle(ConsumerRecords<String, String> records) throws Exception;

    public void drain() throws Exception {
        consumer.subscribe(Set.of(topic));
        long deadline = System.nanoTime() + DRAIN_TIMEOUT.toNanos();
        Map<TopicPartition, Long> ends = null;
        while (ends == null || !reached(ends)) {
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("the topic " + topic + " not drained within " + DRAIN_TIMEOUT);
            }
            ConsumerRecords<String, String> records = consumer.poll(Duration.ofMillis(100));
            if (!records.isEmpty()) {
                handle(records);
            }
            if (ends == null && !consumer.assignment().isEmpty()) {
                ends = consumer.endOffsets(consumer.assignment());
            }
        }
    }

    private boolean reached(Map<TopicPartition, Long> ends) {
        return ends.entrySet().stream().allMatch(end -> consumer.position(end.getKey()) >= end.getValue());
    }

    protected static String messageId(ConsumerRecord<String, String> record) {
        Header header = record.headers().lastHeader("message-id");
        return new String(header.value(), StandardCharsets.UTF_8);
    }
}
