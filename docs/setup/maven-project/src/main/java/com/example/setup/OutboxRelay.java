package com.example.setup;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Delivers the outbox's unsent messages to shipping, then marks each sent. A crash between the two leaves the
 * message unsent, and the next run delivers it again, which the inbox ignores: at least once, applied once.
 */
public class OutboxRelay {

    /** An outbox row: the message and the order it is about. */
    protected record Message(String messageId, String orderId) {}

    protected final Path ordersDb;
    protected final ShippingInbox shipping;

    public OutboxRelay(Path ordersDb, ShippingInbox shipping) throws SQLException {
        this.ordersDb = ordersDb;
        this.shipping = shipping;
        OrderService.createTables(ordersDb); // the outbox, if no order was placed yet
    }

    public void relayPending() throws SQLException {
        for (Message message : unsent()) {
            shipping.receive(message.messageId(), message.orderId());
            markSent(message.messageId());
        }
    }

    protected List<Message> unsent() throws SQLException {
        List<Message> unsent = new ArrayList<>();
        try (Connection connection = Sqlite.open(ordersDb);
                PreparedStatement query = connection.prepareStatement(
                        "SELECT message_id, order_id FROM outbox WHERE sent = 0 ORDER BY message_id");
                ResultSet rows = query.executeQuery()) {
            while (rows.next()) {
                unsent.add(new Message(rows.getString(1), rows.getString(2)));
            }
        }
        return unsent;
    }

    protected void markSent(String messageId) throws SQLException {
        try (Connection connection = Sqlite.open(ordersDb)) {
            connection.setAutoCommit(false);
            try (PreparedStatement mark =
                    connection.prepareStatement("UPDATE outbox SET sent = 1 WHERE message_id = ?")) {
                mark.setString(1, messageId);
                mark.executeUpdate();
            }
            connection.commit();
        }
    }
}
