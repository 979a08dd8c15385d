package dev.deliverykit.fraycomparison;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The relays of issue 43, each one pass over the outbox on its own connection. The broker is a table of the same
 * file, so a row's send and its mark are one transaction: a relay alone sends each row exactly once.
 */
final class Relays {

    private Relays() {}

    /** The bug: no claim. Two relays that read the same unsent rows both send them. */
    static void relayWithoutClaim(Connection connection) throws SQLException {
        for (long id : unsent(connection)) {
            sendAndMark(connection, id);
        }
    }

    /**
     * The correct twin: a row is sent only by the relay whose conditional UPDATE claimed it (its own claim
     * again when it runs the pass a second time).
     */
    static void relayWithAtomicClaim(Connection connection, String relay) throws SQLException {
        for (long id : unsent(connection)) {
            int claimed;
            try (PreparedStatement claim = connection.prepareStatement(
                    "UPDATE outbox SET claimed_by = ? WHERE id = ? AND (claimed_by IS NULL OR claimed_by = ?)")) {
                claim.setString(1, relay);
                claim.setLong(2, id);
                claim.setString(3, relay);
                claimed = claim.executeUpdate();
            }
            if (claimed == 1) {
                sendAndMark(connection, id);
            }
        }
    }

    private static List<Long> unsent(Connection connection) throws SQLException {
        List<Long> ids = new ArrayList<>();
        try (PreparedStatement select =
                        connection.prepareStatement("SELECT id FROM outbox WHERE sent = 0 ORDER BY id");
                ResultSet rows = select.executeQuery()) {
            while (rows.next()) {
                ids.add(rows.getLong(1));
            }
        }
        return ids;
    }

    private static void sendAndMark(Connection connection, long id) throws SQLException {
        connection.setAutoCommit(false);
        update(connection, "INSERT INTO broker(outbox_id) VALUES (?)", id);
        update(connection, "UPDATE outbox SET sent = 1 WHERE id = ?", id);
        connection.commit();
        connection.setAutoCommit(true);
    }

    static int update(Connection connection, String sql, long id) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setLong(1, id);
            return statement.executeUpdate();
        }
    }
}
