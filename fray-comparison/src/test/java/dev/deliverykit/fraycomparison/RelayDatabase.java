package dev.deliverykit.fraycomparison;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.sqlite.SQLiteConfig;

/** A real SQLite file shared by two instances: an outbox, the broker it sends to, and a consumer's tables. */
final class RelayDatabase {

    static final int MESSAGES = 2;
    static final long MESSAGE_ID = 7;

    private final String url;
    private final Busy busy;

    private RelayDatabase(Path file, Busy busy) {
        this.url = "jdbc:sqlite:" + file;
        this.busy = busy;
    }

    /** Creates the file with {@link #MESSAGES} unsent outbox rows and empty broker and consumer tables. */
    static RelayDatabase create(Path dir, Busy busy) throws SQLException {
        RelayDatabase database = new RelayDatabase(dir.resolve("relay.db"), busy);
        try (Connection connection = database.connect();
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE outbox(id INTEGER PRIMARY KEY, payload TEXT NOT NULL,"
                    + " claimed_by TEXT, sent INTEGER NOT NULL DEFAULT 0)");
            statement.execute("CREATE TABLE broker(seq INTEGER PRIMARY KEY AUTOINCREMENT, outbox_id INTEGER NOT NULL)");
            statement.execute("CREATE TABLE processed(message_id INTEGER PRIMARY KEY)");
            statement.execute(
                    "CREATE TABLE effects(seq INTEGER PRIMARY KEY AUTOINCREMENT, message_id INTEGER NOT NULL)");
            for (int id = 1; id <= MESSAGES; id++) {
                statement.executeUpdate("INSERT INTO outbox(id, payload) VALUES (" + id + ", 'order-" + id + "')");
            }
        }
        return database;
    }

    Busy busy() {
        return busy;
    }

    /** A connection of its own: the driver's defaults (rollback journal), with no busy wait under {@link Busy#RETRY}. */
    Connection connect() throws SQLException {
        SQLiteConfig config = new SQLiteConfig();
        if (busy == Busy.RETRY) {
            config.setBusyTimeout(0);
        }
        return DriverManager.getConnection(url, config.toProperties());
    }

    /** How many times the broker got the outbox row {@code id}. */
    int timesSent(long id) throws SQLException {
        return count("SELECT COUNT(*) FROM broker WHERE outbox_id = ?", id);
    }

    /** How many times a consumer applied the message {@code id}. */
    int timesApplied(long id) throws SQLException {
        return count("SELECT COUNT(*) FROM effects WHERE message_id = ?", id);
    }

    private int count(String sql, long id) throws SQLException {
        try (Connection connection = connect();
                PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setLong(1, id);
            try (ResultSet rows = statement.executeQuery()) {
                rows.next();
                return rows.getInt(1);
            }
        }
    }
}
