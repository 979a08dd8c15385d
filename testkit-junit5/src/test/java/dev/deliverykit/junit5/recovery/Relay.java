package dev.deliverykit.junit5.recovery;

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
 * An outbox relay whose recovery is not idempotent, a bug that only a crash during recovery exposes. Two SQLite
 * files: {@code outbox.db} (the message, whether it is published, and the recovery's resend claims) and
 * {@code inbox.db} (the receiver's effects, deduplicated by delivery key). Every write is a transaction of its own,
 * committed explicitly in {@link #publish} or {@link #recover} themselves, so that crash sites name them.
 *
 * <p>{@link #publish} delivers under the key {@code id:1}; after a crash anywhere in it, {@link #recover} resends
 * under the same key, which the receiver recognises. But {@code recover} first claims the message for a resend
 * attempt, and a claim left by an earlier recovery that died counts as a failed attempt: the next recovery resends
 * under {@code id:2}, a key the receiver has never seen, and the effect happens twice.
 */
final class Relay implements AutoCloseable {

    private final Connection outbox;
    private final Connection inbox;

    private Relay(Connection outbox, Connection inbox) {
        this.outbox = outbox;
        this.inbox = inbox;
    }

    /** A relay on the directory's two files, creating their tables if missing. */
    static Relay in(Path dir) throws SQLException {
        Connection outbox = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("outbox.db"));
        Connection inbox = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("inbox.db"));
        try (Statement outboxSchema = outbox.createStatement();
                Statement inboxSchema = inbox.createStatement()) {
            outboxSchema.execute("CREATE TABLE IF NOT EXISTS outbox (message_id TEXT PRIMARY KEY,"
                    + " published INTEGER NOT NULL DEFAULT 0)");
            outboxSchema.execute(
                    "CREATE TABLE IF NOT EXISTS resend (message_id TEXT PRIMARY KEY, attempt INTEGER NOT NULL)");
            inboxSchema.execute(
                    "CREATE TABLE IF NOT EXISTS effect (delivery_key TEXT PRIMARY KEY," + " message_id TEXT NOT NULL)");
        }
        outbox.setAutoCommit(false);
        inbox.setAutoCommit(false);
        return new Relay(outbox, inbox);
    }

    /** Records the message (commit #1), delivers it under {@code id:1} (commit #2), marks it published (commit #3). */
    void publish(String messageId) throws SQLException {
        try (PreparedStatement insert = outbox.prepareStatement("INSERT INTO outbox (message_id) VALUES (?)")) {
            insert.setString(1, messageId);
            insert.executeUpdate();
        }
        outbox.commit();
        try (PreparedStatement deliver = inbox.prepareStatement("INSERT INTO effect (delivery_key, message_id)"
                + " VALUES (?, ?) ON CONFLICT (delivery_key) DO NOTHING")) {
            deliver.setString(1, messageId + ":1");
            deliver.setString(2, messageId);
            deliver.executeUpdate();
        }
        inbox.commit();
        markPublished(messageId);
        outbox.commit();
    }

    /**
     * Resends every unpublished message: claims them for a resend attempt (commit #1), then for each delivers it
     * under {@code id:attempt} (commit #2) and marks it published, dropping its claim (commit #3).
     */
    void recover() throws SQLException {
        List<String> pending = new ArrayList<>();
        try (Statement select = outbox.createStatement();
                ResultSet rows =
                        select.executeQuery("SELECT message_id FROM outbox WHERE published = 0 ORDER BY message_id")) {
            while (rows.next()) {
                pending.add(rows.getString(1));
            }
        }
        if (pending.isEmpty()) {
            return;
        }
        for (String messageId : pending) {
            // The bug: an earlier recovery's claim means it died, not that its delivery failed.
            try (PreparedStatement claim = outbox.prepareStatement("INSERT INTO resend (message_id, attempt)"
                    + " VALUES (?, 1) ON CONFLICT (message_id) DO UPDATE SET attempt = attempt + 1")) {
                claim.setString(1, messageId);
                claim.executeUpdate();
            }
        }
        outbox.commit();
        for (String messageId : pending) {
            int attempt;
            try (PreparedStatement select =
                    outbox.prepareStatement("SELECT attempt FROM resend WHERE message_id = ?")) {
                select.setString(1, messageId);
                try (ResultSet row = select.executeQuery()) {
                    row.next();
                    attempt = row.getInt(1);
                }
            }
            try (PreparedStatement deliver = inbox.prepareStatement("INSERT INTO effect (delivery_key, message_id)"
                    + " VALUES (?, ?) ON CONFLICT (delivery_key) DO NOTHING")) {
                deliver.setString(1, messageId + ":" + attempt);
                deliver.setString(2, messageId);
                deliver.executeUpdate();
            }
            inbox.commit();
            markPublished(messageId);
            try (PreparedStatement unclaim = outbox.prepareStatement("DELETE FROM resend WHERE message_id = ?")) {
                unclaim.setString(1, messageId);
                unclaim.executeUpdate();
            }
            outbox.commit();
        }
    }

    private void markPublished(String messageId) throws SQLException {
        try (PreparedStatement mark = outbox.prepareStatement("UPDATE outbox SET published = 1 WHERE message_id = ?")) {
            mark.setString(1, messageId);
            mark.executeUpdate();
        }
    }

    /** The receiver's delivery keys, read with a connection of its own: what is durable. */
    static List<String> deliveryKeys(Path dir) throws SQLException {
        List<String> keys = new ArrayList<>();
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("inbox.db"));
                Statement select = connection.createStatement();
                ResultSet rows = select.executeQuery("SELECT delivery_key FROM effect ORDER BY delivery_key")) {
            while (rows.next()) {
                keys.add(rows.getString(1));
            }
        }
        return keys;
    }

    @Override
    public void close() throws SQLException {
        try {
            inbox.close();
        } finally {
            outbox.close();
        }
    }
}
