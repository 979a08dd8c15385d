package dev.deliverykit.junit5.outside;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * An order service with a transactional outbox on a SQLite file, and its relay to a {@link FileBroker}. The relay
 * sends each unsent order, then marks it sent: at least once, so a consumer must deduplicate.
 */
final class Orders {

    private final String url;
    private final FileBroker broker;

    Orders(Path dir) {
        this.url = "jdbc:sqlite:" + dir.resolve("orders.db");
        this.broker = new FileBroker(dir);
    }

    Orders create() throws SQLException {
        try (Connection connection = DriverManager.getConnection(url);
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE IF NOT EXISTS outbox (order_id TEXT PRIMARY KEY, sent INTEGER NOT NULL)");
        }
        return this;
    }

    void place(String orderId) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url)) {
            connection.setAutoCommit(false);
            update(connection, "INSERT INTO outbox (order_id, sent) VALUES (?, 0)", orderId);
            connection.commit();
        }
    }

    /** Sends each unsent order and waits for the broker, then marks it sent in its own transaction. */
    void relay() throws Exception {
        for (String orderId : unsent()) {
            broker.send(orderId);
            markSent(orderId);
        }
    }

    /**
     * Fire and forget: hands each send to a sender thread, marks the order sent at once, and lets the sender go
     * (its "flush") only when the batch is done, in a finally block. A death before the flush loses what was marked.
     */
    void relayWithoutWaiting() throws Exception {
        ExecutorService sender = Executors.newSingleThreadExecutor();
        CountDownLatch flush = new CountDownLatch(1);
        List<Future<?>> sends = new ArrayList<>();
        try {
            for (String orderId : unsent()) {
                sends.add(sender.submit(() -> {
                    flush.await();
                    broker.send(orderId);
                    return null;
                }));
                markSent(orderId);
            }
        } finally {
            flush.countDown();
            sender.shutdown();
        }
        for (Future<?> send : sends) {
            send.get();
        }
    }

    /** Whether the order was placed: its outbox row is committed. */
    boolean placed(String orderId) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url);
                PreparedStatement statement = connection.prepareStatement("SELECT 1 FROM outbox WHERE order_id = ?")) {
            statement.setString(1, orderId);
            try (ResultSet rows = statement.executeQuery()) {
                return rows.next();
            }
        }
    }

    private void markSent(String orderId) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url)) {
            connection.setAutoCommit(false);
            update(connection, "UPDATE outbox SET sent = 1 WHERE order_id = ?", orderId);
            connection.commit();
        }
    }

    private List<String> unsent() throws SQLException {
        List<String> ids = new ArrayList<>();
        try (Connection connection = DriverManager.getConnection(url);
                ResultSet rows = connection
                        .createStatement()
                        .executeQuery("SELECT order_id FROM outbox WHERE sent = 0 ORDER BY order_id")) {
            while (rows.next()) {
                ids.add(rows.getString(1));
            }
        }
        return ids;
    }

    private static void update(Connection connection, String sql, String orderId) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setString(1, orderId);
            statement.executeUpdate();
        }
    }
}
