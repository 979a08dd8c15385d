package dev.deliverykit.brokers.jms;

import dev.deliverykit.brokers.shop.Shipments;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;

/**
 * The careful JMS consumer, on a transacted session: ships each message once through the inbox, in the shipment's
 * transaction, then commits the session, which acknowledges it. A death before the session's commit has the broker
 * deliver the message again, and the inbox skips it.
 */
public final class InboxJmsShipping {

    private final Session session;
    private final MessageConsumer consumer;
    private final Shipments shipments;

    public InboxJmsShipping(Session session, MessageConsumer consumer, Shipments shipments) {
        this.session = session;
        this.consumer = consumer;
        this.shipments = shipments;
    }

    /** Ships what the queue holds now. */
    public void drain() throws Exception {
        for (Message message = consumer.receiveNoWait(); message != null; message = consumer.receiveNoWait()) {
            shipments.shipOnce(message.getStringProperty("message_id"), message.getJMSCorrelationID());
            session.commit();
        }
    }
}
