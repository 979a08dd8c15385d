package dev.deliverykit.junit5.places;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * A shop in plain JDBC on one SQLite file: an order and its outbox row in one transaction, a cancellation the same
 * way (the same outbox statement, through {@link Outbox#add}), a relay that marks each outbox row sent in a
 * transaction of its own, and an audit note, a commit in a method of its own. Every transaction runs in
 * {@link #inTransaction}, so a sweep names each case after the method that called it.
 */
public final class Shop {

    @FunctionalInterface
    interface Work {
        void run(Connection connection) throws SQLException;
    }

    private final Path file;

    private Shop(Path file) {
        this.file = file;
    }

    /** The shop of {@code file}, its tables created (outside any crash run). */
    public static Shop open(Path file) {
        Shop shop = new Shop(file);
        shop.inTransaction(connection -> {
            try (Statement ddl = connection.createStatement()) {
                ddl.execute("CREATE TABLE IF NOT EXISTS orders(id TEXT PRIMARY KEY, status TEXT NOT NULL)");
                ddl.execute("CREATE TABLE IF NOT EXISTS outbox(seq INTEGER PRIMARY KEY AUTOINCREMENT,"
                        + " order_id TEXT NOT NULL, event TEXT NOT NULL, sent INTEGER NOT NULL DEFAULT 0)");
                ddl.execute("CREATE TABLE IF NOT EXISTS audit(note TEXT NOT NULL)");
            }
        });
        return shop;
    }

    /** Writes an audit note: work that has nothing to do with orders, committed on its own. */
    public void audit(String note) {
        inTransaction(connection -> {
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO audit(note) VALUES (?)")) {
                insert.setString(1, note);
                insert.executeUpdate();
            }
        });
    }

    public void placeOrder(String id) {
        inTransaction(connection -> {
            try (PreparedStatement insert =
                    connection.prepareStatement("INSERT INTO orders(id, status) VALUES (?, 'placed')")) {
                insert.setString(1, id);
                insert.executeUpdate();
            }
            Outbox.add(connection, id, "placed");
        });
    }

    public void cancelOrder(String id) {
        inTransaction(connection -> {
            try (PreparedStatement update =
                    connection.prepareStatement("UPDATE orders SET status = 'cancelled' WHERE id = ?")) {
                update.setString(1, id);
                update.executeUpdate();
            }
            Outbox.add(connection, id, "cancelled");
        });
    }

    /** Sends every unsent outbox row, oldest first: marks it sent, one transaction per row. */
    public void relay() {
        List<Long> unsent = new ArrayList<>();
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement query = connection.createStatement();
                ResultSet rows = query.executeQuery("SELECT seq FROM outbox WHERE sent = 0 ORDER BY seq")) {
            while (rows.next()) {
                unsent.add(rows.getLong(1));
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        for (long seq : unsent) {
            inTransaction(connection -> {
                try (PreparedStatement mark = connection.prepareStatement("UPDATE outbox SET sent = 1 WHERE seq = ?")) {
                    mark.setLong(1, seq);
                    mark.executeUpdate();
                }
            });
        }
    }

    private void inTransaction(Work work) {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            connection.setAutoCommit(false);
            work.run(connection);
            connection.commit();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * What survived, read by a fresh connection with plain JDBC: {@code order o-1 placed}, then the outbox,
     * {@code outbox o-1 placed unsent}, then {@code audit start}.
     */
    public static List<String> durable(Path file) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Connection reader = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement statement = reader.createStatement()) {
            try (ResultSet orders = statement.executeQuery("SELECT id, status FROM orders ORDER BY id")) {
                while (orders.next()) {
                    rows.add("order " + orders.getString(1) + " " + orders.getString(2));
                }
            }
            try (ResultSet outbox = statement.executeQuery("SELECT order_id, event, sent FROM outbox ORDER BY seq")) {
                while (outbox.next()) {
                    rows.add("outbox " + outbox.getString(1) + " " + outbox.getString(2) + " "
                            + (outbox.getInt(3) == 1 ? "sent" : "unsent"));
                }
            }
            try (ResultSet audit = statement.executeQuery("SELECT note FROM audit")) {
                while (audit.next()) {
                    rows.add("audit " + audit.getString(1));
                }
            }
        }
        return rows;
    }
}
