package dev.deliverykit.brokers.kafka;

import dev.deliverykit.brokers.shop.Shipments;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;

/**
 * Ships each message and commits the offsets after its database commit, remembering nothing: a death between the
 * database's commit and the offsets' delivers the message again, and it ships twice.
 */
public final class NaiveShippingConsumer extends ShippingConsumer {

    private final Shipments shipments;

    public NaiveShippingConsumer(Consumer<String, String> consumer, String topic, Shipments shipments) {
        super(consumer, topic);
        this.shipments = shipments;
    }

    @Override
    protected void handle(ConsumerRecords<String, String> records) throws Exception {
        for (ConsumerRecord<String, String> record : records) {
            shipments.ship(messageId(record), record.key());
        }
        consumer.commitSync();
    }
}
