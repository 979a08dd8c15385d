package com.example.orders;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The statements on {@code outbox_message}. They take the caller's connection, so they run inside the
 * caller's transaction: the order service adds a message in the same transaction as the order change.
 *
 * <pre>{@code
 * orderDb.inTransaction("place order o-1", c -> {
 *     // ... INSERT INTO orders ...
 *     Outbox.add(c, Message.of("o-1", OrderStep.PLACED, "alice", 1250, 20000));
 *     return null;
 * });
 * }</pre>
 */
public final class Outbox {

    private Outbox() {}

    /** Adds {@code message}, unpublished. */
    public static void add(Connection c, Message message) throws SQLException {
        try (PreparedStatement insert = c.prepareStatement(
                "INSERT INTO outbox_message(" + MessageRows.COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?)")) {
            MessageRows.bind(insert, message);
            insert.executeUpdate();
        }
    }

    /** The unpublished messages, oldest first. */
    public static List<Message> unpublished(Connection c) throws SQLException {
        List<Message> messages = new ArrayList<>();
        try (PreparedStatement select = c.prepareStatement("SELECT " + MessageRows.COLUMNS
                        + " FROM outbox_message WHERE published_at IS NULL ORDER BY position");
                ResultSet rows = select.executeQuery()) {
            while (rows.next()) {
                messages.add(MessageRows.read(rows));
            }
        }
        return messages;
    }

    /** Marks {@code messageId} published at {@code at}, unless it already is. */
    public static void markPublished(Connection c, String messageId, Instant at) throws SQLException {
        try (PreparedStatement update = c.prepareStatement(
                "UPDATE outbox_message SET published_at = ? WHERE message_id = ? AND published_at IS NULL")) {
            update.setString(1, at.toString());
            update.setString(2, messageId);
            update.executeUpdate();
        }
    }

    /**
     * Claims for {@code relay}, until {@code leaseUntil}, at most {@code batch} unpublished messages that no
     * claim holds at {@code now} (never claimed, or their lease ran out), oldest first; returns them.
     */
    public static List<Message> claim(Connection c, String relay, Instant now, Instant leaseUntil, int batch)
            throws SQLException {
        try (PreparedStatement update = c.prepareStatement("UPDATE outbox_message SET claimed_by = ?, lease_until = ?"
                + " WHERE position IN (SELECT position FROM outbox_message WHERE published_at IS NULL"
                + " AND (lease_until IS NULL OR lease_until < ?) ORDER BY position LIMIT ?)")) {
            update.setString(1, relay);
            update.setLong(2, leaseUntil.toEpochMilli());
            update.setLong(3, now.toEpochMilli());
            update.setInt(4, batch);
            update.executeUpdate();
        }
        List<Message> claimed = new ArrayList<>();
        try (PreparedStatement select = c.prepareStatement("SELECT " + MessageRows.COLUMNS + " FROM outbox_message"
                + " WHERE claimed_by = ? AND lease_until = ? AND published_at IS NULL ORDER BY position")) {
            select.setString(1, relay);
            select.setLong(2, leaseUntil.toEpochMilli());
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    claimed.add(MessageRows.read(rows));
                }
            }
        }
        return claimed;
    }

    /**
     * Marks {@code messageId} published at {@code now} if it is still unpublished and {@code relay}'s claim on it
     * still holds then; returns whether it did. A relay whose lease ran out, or whose message another relay took
     * over, marks nothing.
     */
    public static boolean markPublishedIfClaimed(Connection c, String messageId, String relay, Instant now)
            throws SQLException {
        try (PreparedStatement update = c.prepareStatement("UPDATE outbox_message SET published_at = ?"
                + " WHERE message_id = ? AND claimed_by = ? AND lease_until >= ? AND published_at IS NULL")) {
            update.setString(1, now.toString());
            update.setString(2, messageId);
            update.setString(3, relay);
            update.setLong(4, now.toEpochMilli());
            return update.executeUpdate() == 1;
        }
    }
}
