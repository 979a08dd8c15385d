package dev.deliverykit.brokers.kafka;

import dev.deliverykit.brokers.shop.Shipments;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;

/**
 * Ships once through the inbox, but commits the batch's offsets in a {@code finally} block, "so that a bad message
 * cannot block the partition": a shipment that fails while the process lives on is skipped for good. A dead process
 * runs no {@code finally}, so only a failure shows it.
 */
public final class FinallyCommitShippingConsumer extends ShippingConsumer {

    private final Shipments shipments;

    public FinallyCommitShippingConsumer(Consumer<String, String> consumer, String topic, Shipments shipments) {
        super(consumer, topic);
        this.shipments = shipments;
    }

    @Override
    protected void handle(ConsumerRecords<String, String> records) throws Exception {
        try {
            for (ConsumerRecord<String, String> record : records) {
                shipments.shipOnce(messageId(record), record.key());
            }
        } finally {
            consumer.commitSync();
        }
    }
}
