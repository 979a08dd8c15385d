package com.example.setup;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * Places orders in {@code orders.db}: the order row and its outbox row in one transaction, so that an order is
 * never placed without the message that tells shipping about it (the transactional outbox).
 */
public final class OrderService {

    private final Path ordersDb;

    public OrderService(Path ordersDb) throws SQLException {
        this.ordersDb = ordersDb;
        createTables(ordersDb);
    }

    /** The orders and the outbox, if they are not there yet: the start-up of either service that uses them. */
    static void createTables(Path ordersDb) throws SQLException {
        Sqlite.createTables(
                ordersDb,
                "CREATE TABLE IF NOT EXISTS orders(order_id TEXT PRIMARY KEY, customer TEXT NOT NULL,"
                        + " amount_cents INTEGER NOT NULL)",
                "CREATE TABLE IF NOT EXISTS outbox(message_id TEXT PRIMARY KEY, order_id TEXT NOT NULL,"
                        + " sent INTEGER NOT NULL DEFAULT 0)");
    }

    /** Idempotent: a caller that got no answer retries, and an order placed already is left as it is. */
    public void placeOrder(String orderId, String customer, long amountCents) throws SQLException {
        try (Connection connection = Sqlite.open(ordersDb)) {
            connection.setAutoCommit(false);
            try (PreparedStatement order = connection.prepareStatement(
                    "INSERT INTO orders(order_id, customer, amount_cents) VALUES (?, ?, ?)"
                            + " ON CONFLICT(order_id) DO NOTHING")) {
                order.setString(1, orderId);
                order.setString(2, customer);
                order.setLong(3, amountCents);
                if (order.executeUpdate() == 0) {
                    connection.rollback();
                    return;
                }
            }
            try (PreparedStatement message =
                    connection.prepareStatement("INSERT INTO outbox(message_id, order_id) VALUES (?, ?)")) {
                message.setString(1, orderId + ":placed");
                message.setString(2, orderId);
                message.executeUpdate();
            }
            connection.commit();
        }
    }
}
