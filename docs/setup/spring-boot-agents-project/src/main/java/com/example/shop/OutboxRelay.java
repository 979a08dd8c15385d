package com.example.shop;

import org.springframework.stereotype.Component;

/**
 * Delivers each unsent outbox message to shipping, then marks it sent, each in its own transaction. A crash
 * between the two leaves the message unsent; the next run delivers it again, and the inbox ignores it.
 */
@Component
public class OutboxRelay {

    private final Outbox outbox;
    private final ShippingInbox shipping;

    public OutboxRelay(Outbox outbox, ShippingInbox shipping) {
        this.outbox = outbox;
        this.shipping = shipping;
    }

    public void relayPending() {
        for (Outbox.Message message : outbox.unsent()) {
            shipping.receive(message.messageId(), message.orderId());
            outbox.markSent(message.messageId());
        }
    }
}
