package dev.deliverykit.brokers.shop;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;

/** Places an order: the order and its outbox message in one transaction, for a relay to send on. */
public final class OrderService {

    private final Connection orders;

    public OrderService(Connection orders) throws SQLException {
        this.orders = orders;
        try (Statement statement = orders.createStatement()) {
            statement.execute("CREATE TABLE IF NOT EXISTS orders(order_id TEXT PRIMARY KEY, customer TEXT NOT NULL,"
                    + " amount_cents INTEGER NOT NULL)");
            statement.execute("CREATE TABLE IF NOT EXISTS outbox_message(message_id TEXT PRIMARY KEY,"
                    + " order_id TEXT NOT NULL, payload TEXT NOT NULL, published_at TEXT)");
        }
    }

    public void placeOrder(String orderId, String customer, long amountCents) throws SQLException {
        orders.setAutoCommit(false);
        try (PreparedStatement order = orders.prepareStatement(
                        "INSERT INTO orders(order_id, customer, amount_cents) VALUES (?, ?, ?)");
                PreparedStatement message = orders.prepareStatement(
                        "INSERT INTO outbox_message(message_id, order_id, payload) VALUES (?, ?, ?)")) {
            order.setString(1, orderId);
            order.setString(2, customer);
            order.setLong(3, amountCents);
            order.executeUpdate();
            message.setString(1, orderId + ":placed");
            message.setString(2, orderId);
            message.setString(3, "{\"order\":\"" + orderId + "\",\"amount\":" + amountCents + "}");
            message.executeUpdate();
            orders.commit();
        } catch (SQLException | RuntimeException e) {
            orders.rollback();
            throw e;
        } finally {
            orders.setAutoCommit(true);
        }
    }
}
