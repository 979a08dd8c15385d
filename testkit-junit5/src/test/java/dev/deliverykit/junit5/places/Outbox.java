package dev.deliverykit.junit5.places;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/** Every event of an order is one outbox row, written here inside the caller's transaction. */
final class Outbox {

    private Outbox() {}

    static void add(Connection connection, String orderId, String event) throws SQLException {
        try (PreparedStatement insert =
                connection.prepareStatement("INSERT INTO outbox(order_id, event) VALUES (?, ?)")) {
            insert.setString(1, orderId);
            insert.setString(2, event);
            insert.executeUpdate();
        }
    }
}
