package com.example.setup;

import java.nio.file.Path;
import java.sql.SQLException;

/**
 * The relay as it might first be written, kept to prove that the crash tests catch it: it marks a message sent
 * and commits before it delivers it, so a crash between the two loses the message for good.
 */
class MarkFirstOutboxRelay extends OutboxRelay {

    MarkFirstOutboxRelay(Path ordersDb, ShippingInbox shipping) throws SQLException {
        super(ordersDb, shipping);
    }

    @Override
    public void relayPending() throws SQLException {
        for (Message message : unsent()) {
            markSent(message.messageId());
            shipping.receive(message.messageId(), message.orderId());
        }
    }
}
