package dev.deliverykit.fraycomparison;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** The consumers of issue 43, each handling one delivery of a message on its own connection. */
final class Consumers {

    private Consumers() {}

    /** The bug: "already processed?" in one transaction, the effect and its record in the next. */
    static void checkThenAct(Connection connection, long messageId) throws SQLException {
        connection.setAutoCommit(false);
        boolean processed;
        try (PreparedStatement check = connection.prepareStatement("SELECT 1 FROM processed WHERE message_id = ?")) {
            check.setLong(1, messageId);
            try (ResultSet rows = check.executeQuery()) {
                processed = rows.next();
            }
        }
        connection.commit();
        if (!processed) {
            Relays.update(connection, "INSERT INTO effects(message_id) VALUES (?)", messageId);
            Relays.update(connection, "INSERT OR IGNORE INTO processed(message_id) VALUES (?)", messageId);
            connection.commit();
        }
        connection.setAutoCommit(true);
    }

    /** The correct twin: the record first, in the effect's transaction; the one whose insert took it applies. */
    static void recordFirst(Connection connection, long messageId) throws SQLException {
        connection.setAutoCommit(false);
        int recorded = Relays.update(connection, "INSERT OR IGNORE INTO processed(message_id) VALUES (?)", messageId);
        if (recorded == 1) {
            Relays.update(connection, "INSERT INTO effects(message_id) VALUES (?)", messageId);
        }
        connection.commit();
        connection.setAutoCommit(true);
    }
}
