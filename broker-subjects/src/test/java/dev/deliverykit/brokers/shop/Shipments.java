package dev.deliverykit.brokers.shop;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Shipping's database: a shipment per applied message, and an inbox of the message ids applied, which the careful
 * consumers write in the shipment's transaction.
 */
public final class Shipments {

    private final Connection shipping;

    public Shipments(Connection shipping) throws SQLException {
        this.shipping = shipping;
        try (Statement statement = shipping.createStatement()) {
            statement.execute("CREATE TABLE IF NOT EXISTS shipment(message_id TEXT NOT NULL, order_id TEXT NOT NULL)");
            statement.execute("CREATE TABLE IF NOT EXISTS inbox(message_id TEXT PRIMARY KEY)");
        }
    }

    /** Ships the order in a transaction of its own: every call ships again. */
    public void ship(String messageId, String orderId) throws SQLException {
        inTransaction(() -> insertShipment(messageId, orderId));
    }

    /**
     * Ships the order unless the message is in the inbox already, recording it there in the same transaction.
     *
     * @return whether it shipped
     */
    public boolean shipOnce(String messageId, String orderId) throws SQLException {
        boolean[] shipped = {false};
        inTransaction(() -> {
            try (PreparedStatement inbox =
                    shipping.prepareStatement("INSERT INTO inbox(message_id) VALUES (?) ON CONFLICT DO NOTHING")) {
                inbox.setString(1, messageId);
                if (inbox.executeUpdate() == 1) {
                    insertShipment(messageId, orderId);
                    shipped[0] = true;
                }
            }
        });
        return shipped[0];
    }

    private void insertShipment(String messageId, String orderId) throws SQLException {
        try (PreparedStatement shipment =
                shipping.prepareStatement("INSERT INTO shipment(message_id, order_id) VALUES (?, ?)")) {
            shipment.setString(1, messageId);
            shipment.setString(2, orderId);
            shipment.executeUpdate();
        }
    }

    private interface Work {
        void run() throws SQLException;
    }

    private void inTransaction(Work work) throws SQLException {
        shipping.setAutoCommit(false);
        try {
            work.run();
            shipping.commit();
        } catch (SQLException | RuntimeException e) {
            shipping.rollback();
            throw e;
        } finally {
            shipping.setAutoCommit(true);
        }
    }
}
