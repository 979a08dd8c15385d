package dev.deliverykit.boundary;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Relays that claim outbox rows with a lease on a {@link Clock}, on SQLite files: the outbox in {@code outbox.db},
 * what was sent in {@code broker.db}, each statement its own transaction. The unfenced relay sends and marks the rows
 * it claimed whether or not its claim still holds; the fenced one takes each row with an update that checks that the
 * claim is still its own and its lease has not ended, and sends only what it took.
 */
final class LeaseRelays {

    static final Duration LEASE = Duration.ofSeconds(30);

    private final Path dir;

    LeaseRelays(Path dir) {
        this.dir = dir;
    }

    private Connection outbox() throws SQLException {
        return DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("outbox.db"));
    }

    private Connection broker() throws SQLException {
        return DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("broker.db"));
    }

    /** The outbox with {@code rows} unsent, unclaimed rows, and an empty broker. */
    void reset(int rows) throws SQLException {
        try (Connection outbox = outbox();
                Statement statement = outbox.createStatement()) {
            // a relay's open read (its point after a SELECT) does not hold the other's writes back
            statement.execute("PRAGMA journal_mode=WAL");
            statement.execute("DROP TABLE IF EXISTS outbox");
            statement.execute("CREATE TABLE outbox (id INTEGER PRIMARY KEY, sent INTEGER NOT NULL DEFAULT 0,"
                    + " owner TEXT, lease_until INTEGER)");
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

    /** What the broker got, in order: {@code 1 relay-a}. */
    List<String> sent() throws SQLException {
        List<String> sent = new ArrayList<>();
        try (Connection broker = broker();
                Statement statement = broker.createStatement();
                ResultSet rows = statement.executeQuery("SELECT message_id, relay FROM sent ORDER BY rowid")) {
            while (rows.next()) {
                sent.add(rows.getLong(1) + " " + rows.getString(2));
            }
        }
        return sent;
    }

    /** Claims, sends and marks until nothing is left it may claim. */
    void drain(String relay, Clock clock, boolean fenced) throws SQLException {
        try (Connection outbox = outbox();
                Connection broker = broker()) {
            for (List<Long> ids = claim(outbox, relay, clock); !ids.isEmpty(); ids = claim(outbox, relay, clock)) {
                for (long id : ids) {
                    if (!fenced) {
                        send(broker, relay, id);
                        update(outbox, "UPDATE outbox SET sent = 1 WHERE id = ?", id);
                    } else if (update(
                                    outbox,
                                    "UPDATE outbox SET sent = 1 WHERE id = ? AND owner = ? AND lease_until >= ?",
                                    id,
                                    relay,
                                    clock.millis())
                            == 1) {
                        send(broker, relay, id);
                    }
                }
            }
        }
    }

    /** Claims what is unclaimed or whose lease ended; returns the ids it holds, unsent. */
    private static List<Long> claim(Connection outbox, String relay, Clock clock) throws SQLException {
        long now = clock.millis();
        update(
                outbox,
                "UPDATE outbox SET owner = ?, lease_until = ? WHERE sent = 0 AND (owner IS NULL OR lease_until < ?)",
                relay,
                now + LEASE.toMillis(),
                now);
        List<Long> ids = new ArrayList<>();
        try (PreparedStatement mine =
                outbox.prepareStatement("SELECT id FROM outbox WHERE owner = ? AND sent = 0 ORDER BY id")) {
            mine.setString(1, relay);
            try (ResultSet rows = mine.executeQuery()) {
                while (rows.next()) {
                    ids.add(rows.getLong(1));
                }
            }
        }
        return ids;
    }

    private static void send(Connection broker, String relay, long id) throws SQLException {
        try (PreparedStatement send = broker.prepareStatement("INSERT INTO sent (message_id, relay) VALUES (?, ?)")) {
            send.setLong(1, id);
            send.setString(2, relay);
            send.executeUpdate();
        }
    }

    private static int update(Connection connection, String sql, Object... parameters) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            return statement.executeUpdate();
        }
    }
}
