package dev.deliverykit.junit5.outside;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The shipping service, consuming orders from the {@link FileBroker} into a SQLite file: one shipment per order.
 * {@link #consumeNaively} ships every message it gets; {@link #consume} keeps the ids it shipped (an inbox) in the
 * shipment's transaction and ships a redelivered order once. Both commit the broker offset after their work, and
 * {@link #consumeCommittingInFinally} commits it in a finally block, whatever happened.
 */
final class Shipping {

    private final String url;
    private final FileBroker broker;

    Shipping(Path dir) {
        this.url = "jdbc:sqlite:" + dir.resolve("shipping.db");
        this.broker = new FileBroker(dir);
    }

    Shipping create() throws SQLException {
        try (Connection connection = DriverManager.getConnection(url);
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE IF NOT EXISTS shipment (order_id TEXT NOT NULL)");
            statement.execute("CREATE TABLE IF NOT EXISTS inbox (order_id TEXT PRIMARY KEY)");
        }
        return this;
    }

    /** Broken: a redelivered order (the relay sent it twice) is shipped twice. */
    void consumeNaively() throws Exception {
        List<String> messages = broker.poll();
        for (String orderId : messages) {
            try (Connection connection = DriverManager.getConnection(url)) {
                connection.setAutoCommit(false);
                insert(connection, "INSERT INTO shipment (order_id) VALUES (?)", orderId);
                connection.commit();
            }
        }
        broker.commitOffset(broker.committedOffset() + messages.size());
    }

    /** Correct: ships an order once, however often it is delivered. */
    void consume() throws Exception {
        List<String> messages = broker.poll();
        for (String orderId : messages) {
            ship(orderId);
        }
        broker.commitOffset(broker.committedOffset() + messages.size());
    }

    /** Correct too, the offset committed in a finally block: a live process that fails redelivers nothing it skipped. */
    void consumeCommittingInFinally() throws Exception {
        List<String> messages = broker.poll();
        int start = broker.committedOffset();
        int consumed = 0;
        try {
            for (String orderId : messages) {
                ship(orderId);
                consumed++;
            }
        } finally {
            broker.commitOffset(start + consumed);
        }
    }

    private void ship(String orderId) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url)) {
            connection.setAutoCommit(false);
            if (insert(connection, "INSERT OR IGNORE INTO inbox (order_id) VALUES (?)", orderId) == 1) {
                insert(connection, "INSERT INTO shipment (order_id) VALUES (?)", orderId);
            }
            connection.commit();
        }
    }

    long shipments(String orderId) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url);
                PreparedStatement statement =
                        connection.prepareStatement("SELECT COUNT(*) FROM shipment WHERE order_id = ?")) {
            statement.setString(1, orderId);
            try (ResultSet rows = statement.executeQuery()) {
                return rows.getLong(1);
            }
        }
    }

    private static int insert(Connection connection, String sql, String orderId) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setString(1, orderId);
            return statement.executeUpdate();
        }
    }
}
