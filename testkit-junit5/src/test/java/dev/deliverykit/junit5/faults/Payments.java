package dev.deliverykit.junit5.faults;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A payment service on a SQLite file, written as users write one: a charge in its own transaction, retried once
 * when the database call fails. {@link #chargeRetrying} retries blindly, so a commit that was applied but whose
 * answer was lost is applied twice; {@link #chargeOnce} makes the retry a no-op when the first commit went through.
 */
final class Payments {

    private final String url;

    Payments(Path dir) {
        this.url = "jdbc:sqlite:" + dir.resolve("payments.db");
    }

    Payments create() throws SQLException {
        try (Connection connection = DriverManager.getConnection(url);
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE IF NOT EXISTS payment (order_id TEXT NOT NULL, amount INTEGER NOT NULL)");
        }
        return this;
    }

    /** Broken: a failed commit is retried, whether or not the database applied it. */
    void chargeRetrying(String orderId) throws SQLException {
        charge(orderId, "INSERT INTO payment (order_id, amount) VALUES (?, 5)");
    }

    /** Correct: the same retry, but a charge that is there already is not inserted again. */
    void chargeOnce(String orderId) throws SQLException {
        charge(
                orderId,
                "INSERT INTO payment (order_id, amount) SELECT ?, 5 WHERE NOT EXISTS"
                        + " (SELECT 1 FROM payment WHERE order_id = ?1)");
    }

    private void charge(String orderId, String insert) throws SQLException {
        SQLException last = null;
        for (int attempt = 1; attempt <= 2; attempt++) {
            try (Connection connection = DriverManager.getConnection(url)) {
                connection.setAutoCommit(false);
                try (PreparedStatement statement = connection.prepareStatement(insert)) {
                    statement.setString(1, orderId);
                    statement.executeUpdate();
                }
                connection.commit();
                return;
            } catch (SQLException failed) {
                last = failed; // a lost connection: try once more
            }
        }
        throw last;
    }

    /** The restart: charges the order if it is not charged yet. */
    void recover(String orderId) throws SQLException {
        chargeOnce(orderId);
    }

    long charges(String orderId) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url);
                PreparedStatement query =
                        connection.prepareStatement("SELECT COUNT(*) FROM payment WHERE order_id = ?")) {
            query.setString(1, orderId);
            try (ResultSet count = query.executeQuery()) {
                return count.getLong(1);
            }
        }
    }
}
