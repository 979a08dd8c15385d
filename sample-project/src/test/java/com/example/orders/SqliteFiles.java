package com.example.orders;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Reads a database file back on its own connection, so tests check what is durably committed. */
public final class SqliteFiles {

    private SqliteFiles() {}

    /** Every row of the query, each column as text (NULL stays null). */
    public static List<List<String>> rows(Path db, String sql, Object... params) {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
                PreparedStatement select = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                select.setObject(i + 1, params[i]);
            }
            List<List<String>> rows = new ArrayList<>();
            try (ResultSet rs = select.executeQuery()) {
                int columns = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    List<String> row = new ArrayList<>(columns);
                    for (int column = 1; column <= columns; column++) {
                        row.add(rs.getString(column));
                    }
                    rows.add(row);
                }
            }
            return rows;
        } catch (SQLException e) {
            throw new IllegalStateException("test query failed on " + db + ": " + sql, e);
        }
    }

    /** The number of rows in {@code table}. */
    public static int count(Path db, String table) {
        if (!table.matches("[a-z_]+")) {
            throw new IllegalArgumentException("not a table name: " + table);
        }
        return Integer.parseInt(rows(db, "SELECT COUNT(*) FROM " + table).get(0).get(0));
    }

    /** Runs DDL, e.g. a trigger that makes one statement fail. */
    public static void execute(Path db, String sql) {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
                Statement statement = c.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException("test statement failed on " + db + ": " + sql, e);
        }
    }

    /** One expected row: each value as text, null as null. */
    public static List<String> row(Object... values) {
        return Arrays.stream(values)
                .map(v -> v == null ? null : String.valueOf(v))
                .toList();
    }
}
