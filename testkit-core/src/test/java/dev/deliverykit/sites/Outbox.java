package dev.deliverykit.sites;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/** The outbox's statements, called from inside a transaction. */
public final class Outbox {

    private Outbox() {}

    static void markSent(Connection connection, String id) throws SQLException {
        try (PreparedStatement update = connection.prepareStatement("UPDATE outbox SET sent = 1 WHERE id = ?")) {
            update.setString(1, id);
            update.executeUpdate();
        }
    }
}
