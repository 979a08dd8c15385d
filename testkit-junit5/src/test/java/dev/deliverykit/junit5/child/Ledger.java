package dev.deliverykit.junit5.child;

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
 * A SQLite file {@code ledger.db} with one table, {@code entry(id, note)}: each write in a transaction of its own,
 * committed explicitly, so that every write is one commit boundary.
 */
final class Ledger {

    private final Path file;

    private Ledger(Path file) {
        this.file = file;
    }

    static Ledger in(Path dir) {
        return new Ledger(dir.resolve("ledger.db"));
    }

    Ledger create() throws SQLException {
        try (Connection connection = open();
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE IF NOT EXISTS entry (id TEXT PRIMARY KEY, note TEXT NOT NULL)");
        }
        return this;
    }

    /** Inserts one entry and commits. */
    void write(String id, String note) throws SQLException {
        try (Connection connection = open()) {
            connection.setAutoCommit(false);
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO entry (id, note) VALUES (?, ?)")) {
                insert.setString(1, id);
                insert.setString(2, note);
                insert.executeUpdate();
            }
            connection.commit();
        }
    }

    /** Every entry as {@code id=note}, by id. */
    List<String> entries() throws SQLException {
        List<String> entries = new ArrayList<>();
        try (Connection connection = open();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT id, note FROM entry ORDER BY id")) {
            while (rows.next()) {
                entries.add(rows.getString(1) + "=" + rows.getString(2));
            }
        }
        return entries;
    }

    private Connection open() throws SQLException {
        return DriverManager.getConnection("jdbc:sqlite:" + file);
    }
}
