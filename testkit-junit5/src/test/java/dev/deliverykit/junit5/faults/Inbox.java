package dev.deliverykit.junit5.faults;

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
 * A consumer of a queue table on a SQLite file. {@link #consumeAckingFirst} acknowledges (deletes) the message in
 * one transaction and applies its effect in the next, so an effect that fails after the acknowledgement is lost;
 * {@link #consume} applies the effect and acknowledges in one transaction.
 */
final class Inbox {

    private final String url;

    Inbox(Path dir) {
        this.url = "jdbc:sqlite:" + dir.resolve("inbox.db");
    }

    Inbox create(String messageId) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url);
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE IF NOT EXISTS queue (message_id TEXT PRIMARY KEY)");
            statement.execute("CREATE TABLE IF NOT EXISTS effect (message_id TEXT PRIMARY KEY)");
            statement.execute("INSERT INTO queue (message_id) VALUES ('" + messageId + "')");
        }
        return this;
    }

    /** Broken: the acknowledgement commits before the effect. */
    void consumeAckingFirst() throws SQLException {
        for (String messageId : waiting()) {
            try (Connection connection = DriverManager.getConnection(url)) {
                connection.setAutoCommit(false);
                update(connection, "DELETE FROM queue WHERE message_id = ?", messageId);
                connection.commit();
                update(connection, "INSERT INTO effect (message_id) VALUES (?)", messageId);
                connection.commit();
            }
        }
    }

    /** Correct: effect and acknowledgement in one transaction; an effect applied already is not applied again. */
    void consume() throws SQLException {
        for (String messageId : waiting()) {
            try (Connection connection = DriverManager.getConnection(url)) {
                connection.setAutoCommit(false);
                update(connection, "INSERT OR IGNORE INTO effect (message_id) VALUES (?)", messageId);
                update(connection, "DELETE FROM queue WHERE message_id = ?", messageId);
                connection.commit();
            }
        }
    }

    private List<String> waiting() throws SQLException {
        List<String> ids = new ArrayList<>();
        try (Connection connection = DriverManager.getConnection(url);
                ResultSet rows = connection.createStatement().executeQuery("SELECT message_id FROM queue")) {
            while (rows.next()) {
                ids.add(rows.getString(1));
            }
        }
        return ids;
    }

    private static void update(Connection connection, String sql, String messageId) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setString(1, messageId);
            statement.executeUpdate();
        }
    }

    long effects(String messageId) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url);
                PreparedStatement query =
                        connection.prepareStatement("SELECT COUNT(*) FROM effect WHERE message_id = ?")) {
            query.setString(1, messageId);
            try (ResultSet count = query.executeQuery()) {
                return count.getLong(1);
            }
        }
    }
}
