package dev.deliverykit.brokers.kafka;

import dev.deliverykit.brokers.shop.Shipments;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;

/**
 * The careful consumer: ships each message once, its id recorded in the inbox in the shipment's transaction, and
 * commits the batch's offsets after. A death before the offsets' commit delivers the batch again, and the inbox
 * skips what was shipped.
 */
public final class InboxShippingConsumer extends ShippingConsumer {

    private final Shipments shipments;

    public InboxShippingConsumer(Consumer<String, String> consumer, String topic, Shipments shipments) {
        super(consumer, topic);
        this.shipments = shipments;
    }

    @Override
    protected void handle(ConsumerRecords<String, String> records) throws Exception {
        for (ConsumerRecord<String, String> record : records) {
            shipments.shipOnce(messageId(record), record.key());
        }
        consumer.commitSync();
    }
}
