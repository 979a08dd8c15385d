package dev.deliverykit.brokers.jms;

import dev.deliverykit.brokers.shop.Outbox;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;

/**
 * Sends the outbox's messages to a queue, persistent (the send returns once the broker has stored the message), the
 * outbox message id as a property, and marks each published after its send, in a transaction of its own. A death
 * between the two sends it again on restart: at least once.
 */
public final class JmsOutboxRelay {

    private final Outbox outbox;
    private final Session session;
    private final MessageProducer producer;

    public JmsOutboxRelay(Outbox outbox, Session session, MessageProducer producer) {
        this.outbox = outbox;
        this.session = session;
        this.producer = producer;
    }

    public void publishPending() throws Exception {
        for (Outbox.Message message : outbox.unpublished()) {
            producer.send(message(session, message));
            outbox.markPublished(message.messageId());
        }
    }

    static Message message(Session session, Outbox.Message message) throws JMSException {
        Message jms = session.createTextMessage(message.payload());
        jms.setStringProperty("message_id", message.messageId());
        jms.setJMSCorrelationID(message.orderId());
        return jms;
    }
}
