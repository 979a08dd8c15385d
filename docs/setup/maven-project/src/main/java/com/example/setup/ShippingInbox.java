package com.example.setup;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * Shipping's side, in {@code shipping.db}: creates one shipment per message. A relay may deliver a message again
 * (it crashed before it could mark it sent), so the inbox remembers each message it received, in the shipment's
 * own transaction, and ignores a message it has seen (the idempotent consumer).
 */
public final class ShippingInbox {

    private final Path shippingDb;

    public ShippingInbox(Path shippingDb) throws SQLException {
        this.shippingDb = shippingDb;
        Sqlite.createTables(
                shippingDb,
                "CREATE TABLE IF NOT EXISTS received_message(message_id TEXT PRIMARY KEY)",
                "CREATE TABLE IF NOT EXISTS shipment(message_id TEXT NOT NULL, order_id TEXT NOT NULL)");
    }

    public void receive(String messageId, String orderId) throws SQLException {
        try (Connection connection = Sqlite.open(shippingDb)) {
            connection.setAutoCommit(false);
            try (PreparedStatement seen = connection.prepareStatement(
                    "INSERT INTO received_message(message_id) VALUES (?) ON CONFLICT(message_id) DO NOTHING")) {
                seen.setString(1, messageId);
                if (seen.executeUpdate() == 0) {
                    connection.rollback(); // received before: its shipment exists
                    return;
                }
            }
            try (PreparedStatement shipment =
                    connection.prepareStatement("INSERT INTO shipment(message_id, order_id) VALUES (?, ?)")) {
                shipment.setString(1, messageId);
                shipment.setString(2, orderId);
                shipment.executeUpdate();
            }
            connection.commit();
        }
    }
}
