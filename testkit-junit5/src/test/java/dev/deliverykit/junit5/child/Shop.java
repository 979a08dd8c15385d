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
 * A SQLite shop as a user writes one: a table created with a plain {@code CREATE TABLE} (it fails if the table
 * exists) and orders numbered by the database, so that an order placed twice is two rows. Every call opens and
 * closes its own connection.
 */
final class Shop {

    private final Path file;

    private Shop(Path file) {
        this.file = file;
    }

    static Shop in(Path file) {
        return new Shop(file);
    }

    /** Creates the table: a second call fails. */
    Shop create() throws SQLException {
        try (Connection connection = open();
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE orders (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL,"
                    + " state TEXT NOT NULL)");
        }
        return this;
    }

    /** Places order {@code id}: one more row, whatever rows there are. */
    void place(String id) throws SQLException {
        update("INSERT INTO orders (id, state) VALUES (?, 'placed')", id);
    }

    /** Ships every row of order {@code id} that is not shipped yet, in one commit. */
    void ship(String id) throws SQLException {
        update("UPDATE orders SET state = 'shipped' WHERE id = ? AND state = 'placed'", id);
    }

    /** Invoices every shipped row of order {@code id}, in one commit. */
    void invoice(String id) throws SQLException {
        update("UPDATE orders SET state = 'invoiced' WHERE id = ? AND state = 'shipped'", id);
    }

    /** Every row as {@code seq:id=state}, by seq, read with plain JDBC. */
    List<String> rows() throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Connection connection = open();
                Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery("SELECT seq, id, state FROM orders ORDER BY seq")) {
            while (result.next()) {
                rows.add(result.getInt(1) + ":" + result.getString(2) + "=" + result.getString(3));
            }
        }
        return rows;
    }

    Connection open() throws SQLException {
        return DriverManager.getConnection("jdbc:sqlite:" + file);
    }

    private void update(String sql, String id) throws SQLException {
        try (Connection connection = open()) {
            connection.setAutoCommit(false);
            try (PreparedStatement statement = connection.prepareStatement(sql)) {
                statement.setString(1, id);
                statement.executeUpdate();
            }
            connection.commit();
        }
    }
}
