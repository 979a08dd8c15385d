package dev.deliverykit.junit5.postgres;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * A relay of a PostgreSQL outbox as a user writes it: in one transaction it reads the unsent rows, sends each to the
 * broker (a table of another schema, its own connection) and marks it sent. {@code lock} is what its read adds:
 * nothing, {@code FOR UPDATE} (a second relay waits for the first's rows) or {@code FOR UPDATE SKIP LOCKED} (a second
 * relay takes the rows nobody holds).
 */
final class PostgresRelays {

    private PostgresRelays() {}

    static void createTables(String outboxUrl, String brokerUrl, int rows) throws SQLException {
        try (Connection outbox = DriverManager.getConnection(outboxUrl);
                Statement statement = outbox.createStatement()) {
            statement.execute("CREATE TABLE outbox (id INT PRIMARY KEY, sent BOOLEAN NOT NULL DEFAULT FALSE)");
            for (int id = 1; id <= rows; id++) {
                statement.execute("INSERT INTO outbox (id) VALUES (" + id + ")");
            }
        }
        try (Connection broker = DriverManager.getConnection(brokerUrl);
                Statement statement = broker.createStatement()) {
            statement.execute("CREATE TABLE sent (message_id TEXT, relay TEXT)");
        }
    }

    static void drain(String outboxUrl, String brokerUrl, String relay, String lock) throws SQLException {
        try (Connection outbox = DriverManager.getConnection(outboxUrl);
                Connection broker = DriverManager.getConnection(brokerUrl)) {
            outbox.setAutoCommit(false);
            List<Integer> ids = new ArrayList<>();
            try (Statement read = outbox.createStatement();
                    ResultSet rows = read.executeQuery("SELECT id FROM outbox WHERE NOT sent ORDER BY id " + lock)) {
                while (rows.next()) {
                    ids.add(rows.getInt(1));
                }
            }
            for (int id : ids) {
                try (PreparedStatement send = broker.prepareStatement("INSERT INTO sent VALUES (?, ?)")) {
                    send.setString(1, Integer.toString(id));
                    send.setString(2, relay);
                    send.executeUpdate();
                }
                try (PreparedStatement mark = outbox.prepareStatement("UPDATE outbox SET sent = TRUE WHERE id = ?")) {
                    mark.setInt(1, id);
                    mark.executeUpdate();
                }
            }
            outbox.commit();
        }
    }
}
