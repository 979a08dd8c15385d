package dev.deliverykit.brokers.shop;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** The outbox table as relays read and mark it; each mark is a transaction of its own. */
public final class Outbox {

    /** A message still to be sent. */
    public record Message(String messageId, String orderId, String payload) {}

    private final Connection orders;

    public Outbox(Connection orders) {
        this.orders = orders;
    }

    public List<Message> unpublished() throws SQLException {
        List<Message> pending = new ArrayList<>();
        try (PreparedStatement select = orders.prepareStatement("SELECT message_id, order_id, payload FROM"
                        + " outbox_message WHERE published_at IS NULL ORDER BY message_id");
                ResultSet rows = select.executeQuery()) {
            while (rows.next()) {
                pending.add(new Message(rows.getString(1), rows.getString(2), rows.getString(3)));
            }
        }
        return pending;
    }

    public void markPublished(String messageId) throws SQLException {
        orders.setAutoCommit(false);
        try (PreparedStatement mark =
                orders.prepareStatement("UPDATE outbox_message SET published_at = ? WHERE message_id = ?")) {
            mark.setString(1, Instant.now().toString());
            mark.setString(2, messageId);
            mark.executeUpdate();
            orders.commit();
        } catch (SQLException | RuntimeException e) {
            orders.rollback();
            throw e;
        } finally {
            orders.setAutoCommit(true);
        }
    }
}
