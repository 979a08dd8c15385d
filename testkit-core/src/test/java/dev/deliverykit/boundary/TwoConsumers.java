package dev.deliverykit.boundary;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** Consumers of one inbox as a user writes them, on a SQLite file: each applies a message's effect once, it hopes. */
final class TwoConsumers {

    private final Path file;

    TwoConsumers(Path dir) {
        this.file = dir.resolve("inbox.db");
    }

    Connection open() throws SQLException {
        return DriverManager.getConnection("jdbc:sqlite:" + file);
    }

    void reset() throws SQLException {
        try (Connection inbox = open();
                Statement statement = inbox.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS processed");
            statement.execute("DROP TABLE IF EXISTS effects");
            statement.execute("CREATE TABLE processed (message_id TEXT PRIMARY KEY)");
            statement.execute("CREATE TABLE effects (message_id TEXT, applied_by TEXT)");
        }
    }

    /** How many times the message's effect was applied. */
    int effects(String messageId) throws SQLException {
        try (Connection inbox = open();
                PreparedStatement count = inbox.prepareStatement("SELECT COUNT(*) FROM effects WHERE message_id = ?")) {
            count.setString(1, messageId);
            try (ResultSet rows = count.executeQuery()) {
                rows.next();
                return rows.getInt(1);
            }
        }
    }

    /** "Already processed?", then the effect, then its record, each committed on its own. */
    void checkThenAct(String consumer, String messageId) throws SQLException {
        try (Connection inbox = open()) {
            boolean seen;
            try (PreparedStatement check = inbox.prepareStatement("SELECT 1 FROM processed WHERE message_id = ?")) {
                check.setString(1, messageId);
                try (ResultSet rows = check.executeQuery()) {
                    seen = rows.next();
                }
            }
            if (seen) {
                return;
            }
            apply(inbox, consumer, messageId);
            try (PreparedStatement record = inbox.prepareStatement("INSERT OR IGNORE INTO processed VALUES (?)")) {
                record.setString(1, messageId);
                record.executeUpdate();
            }
        }
    }

    /** Records the message first, in the transaction of its effect: a second consumer's record is a duplicate key. */
    void insertFirst(String consumer, String messageId) throws SQLException {
        try (Connection inbox = open()) {
            inbox.setAutoCommit(false);
            try (PreparedStatement record = inbox.prepareStatement("INSERT OR IGNORE INTO processed VALUES (?)")) {
                record.setString(1, messageId);
                if (record.executeUpdate() == 0) {
                    inbox.rollback();
                    return;
                }
            }
            apply(inbox, consumer, messageId);
            inbox.commit();
        }
    }

    private static void apply(Connection inbox, String consumer, String messageId) throws SQLException {
        try (PreparedStatement effect = inbox.prepareStatement("INSERT INTO effects VALUES (?, ?)")) {
            effect.setString(1, messageId);
            effect.setString(2, consumer);
            effect.executeUpdate();
        }
    }
}
