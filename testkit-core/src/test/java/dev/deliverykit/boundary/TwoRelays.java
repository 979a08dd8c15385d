package dev.deliverykit.boundary;

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
 * Relays of one outbox as a user writes them, on SQLite files: the outbox in {@code outbox.db}, what was sent in the
 * broker's {@code broker.db}. Each relay opens its own connections, as a replica does.
 */
final class TwoRelays {

    private final Path dir;

    TwoRelays(Path dir) {
        this.dir = dir;
    }

    Connection outbox() throws SQLException {
        return DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("outbox.db"));
    }

    Connection broker() throws SQLException {
        return DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("broker.db"));
    }

    /** The outbox with {@code rows} unsent rows, and an empty broker. */
    void reset(int rows) throws SQLException {
        try (Connection outbox = outbox();
                Statement statement = outbox.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS outbox");
            statement.execute("CREATE TABLE outbox (id INTEGER PRIMARY KEY, sent INTEGER NOT NULL DEFAULT 0,"
                    + " claimed_by TEXT)");
            for (int id = 1; id <= rows; id++) {
                statement.execute("INSERT INTO outbox (id) VALUES (" + id + ")");
            }
        }
        try (Connection broker = broker();
                Statement statement = broker.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS sent");
            statement.execute("CREATE TABLE sent (message_id INTEGER, relay TEXT)");
        }
    }

    /** How many messages the broker got, each counted as often as it was sent. */
    int sent() throws SQLException {
        try (Connection broker = broker();
                Statement statement = broker.createStatement();
                ResultSet rows = statement.executeQuery("SELECT COUNT(*) FROM sent")) {
            rows.next();
            return rows.getInt(1);
        }
    }

    /** How many messages the broker got more than once. */
    int sentTwice() throws SQLException {
        try (Connection broker = broker();
                Statement statement = broker.createStatement();
                ResultSet rows = statement.executeQuery(
                        "SELECT COUNT(*) FROM (SELECT message_id FROM sent GROUP BY message_id HAVING COUNT(*) > 1)")) {
            rows.next();
            return rows.getInt(1);
        }
    }

    /** Reads the unsent rows, then sends and marks each: two relays that read the same rows both send them. */
    void drainUnclaimed(String relay) throws SQLException {
        List<Long> ids = new ArrayList<>();
        try (Connection outbox = outbox()) {
            outbox.setAutoCommit(false);
            try (PreparedStatement select =
                            outbox.prepareStatement("SELECT id FROM outbox WHERE sent = 0 ORDER BY id");
                    ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    ids.add(rows.getLong(1));
                }
            }
            outbox.commit();
            sendAndMark(relay, outbox, ids);
        }
    }

    /** Claims the unsent rows in one statement, then sends and marks the rows it claimed. */
    void drainClaiming(String relay) throws SQLException {
        List<Long> ids = new ArrayList<>();
        try (Connection outbox = outbox()) {
            outbox.setAutoCommit(false);
            try (PreparedStatement claim =
                    outbox.prepareStatement("UPDATE outbox SET claimed_by = ? WHERE sent = 0 AND claimed_by IS NULL")) {
                claim.setString(1, relay);
                claim.executeUpdate();
            }
            try (PreparedStatement mine =
                    outbox.prepareStatement("SELECT id FROM outbox WHERE claimed_by = ? AND sent = 0 ORDER BY id")) {
                mine.setString(1, relay);
                try (ResultSet rows = mine.executeQuery()) {
                    while (rows.next()) {
                        ids.add(rows.getLong(1));
                    }
                }
            }
            outbox.commit();
            sendAndMark(relay, outbox, ids);
        }
    }

    private void sendAndMark(String relay, Connection outbox, List<Long> ids) throws SQLException {
        try (Connection broker = broker()) {
            for (long id : ids) {
                try (PreparedStatement send =
                        broker.prepareStatement("INSERT INTO sent (message_id, relay) VALUES (?, ?)")) {
                    send.setLong(1, id);
                    send.setString(2, relay);
                    send.executeUpdate();
                }
                try (PreparedStatement mark = outbox.prepareStatement("UPDATE outbox SET sent = 1 WHERE id = ?")) {
                    mark.setLong(1, id);
                    mark.executeUpdate();
                }
                outbox.commit();
            }
        }
    }
}
