package dev.deliverykit.brokers.jms;

import dev.deliverykit.brokers.shop.Shipments;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;

/**
 * Ships each message and acknowledges it after the database's commit ({@code CLIENT_ACKNOWLEDGE}), remembering
 * nothing: a death between the two has the broker deliver the message again, and it ships twice.
 */
public final class NaiveJmsShipping {

    private final MessageConsumer consumer;
    private final Shipments shipments;

    public NaiveJmsShipping(MessageConsumer consumer, Shipments shipments) {
        this.consumer = consumer;
        this.shipments = shipments;
    }

    /** Ships what the queue holds now. */
    public void drain() throws Exception {
        for (Message message = consumer.receiveNoWait(); message != null; message = consumer.receiveNoWait()) {
            shipments.ship(message.getStringProperty("message_id"), message.getJMSCorrelationID());
            message.acknowledge();
        }
    }
}
