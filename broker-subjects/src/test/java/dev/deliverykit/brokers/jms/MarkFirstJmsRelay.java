package dev.deliverykit.brokers.jms;

import dev.deliverykit.brokers.shop.Outbox;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;

/** Marks a message published, then sends it: a death between the two loses it. */
public final class MarkFirstJmsRelay {

    private final Outbox outbox;
    private final Session session;
    private final MessageProducer producer;

    public MarkFirstJmsRelay(Outbox outbox, Session session, MessageProducer producer) {
        this.outbox = outbox;
        this.session = session;
        this.producer = producer;
    }

    public void publishPending() throws Exception {
        for (Outbox.Message message : outbox.unpublished()) {
            outbox.markPublished(message.messageId());
            producer.send(JmsOutboxRelay.message(session, message));
        }
    }
}
