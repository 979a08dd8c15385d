package dev.deliverykit.testsupport;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads and pokes databases from tests through a connection of its own, the way an operator (or a
 * fresh process) would: only committed state is visible. Each database is a SQLite file.
 */
public final class Db {

    private Db() {}

    /** A new auto-commit connection to the SQLite file {@code database}, waiting up to 5 s for its locks. */
    public static Connection open(Path database) throws SQLException {
        Connection connection = DriverManager.getConnection("jdbc:sqlite:" + database);
        try (Statement pragma = connection.createStatement()) {
            pragma.execute("PRAGMA busy_timeout = 5000");
        } catch (SQLException e) {
            connection.close();
            throw e;
        }
        return connection;
    }

    /** Every row of {@code sql}, each as column label to value, in result order. */
    public static List<Map<String, Object>> rows(Path database, String sql, Object... parameters) {
        try (Connection connection = open(database);
                PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            try (ResultSet resultSet = statement.executeQuery()) {
                ResultSetMetaData meta = resultSet.getMetaData();
                List<Map<String, Object>> rows = new ArrayList<>();
                while (resultSet.next()) {
                    Map<String, Object> row = new LinkedHashMap<>();
                    for (int column = 1; column <= meta.getColumnCount(); column++) {
                        row.put(meta.getColumnLabel(column), resultSet.getObject(column));
                    }
                    rows.add(row);
                }
                return rows;
            }
        } catch (SQLException e) {
            throw new AssertionError("test query failed: " + sql + " on " + database, e);
        }
    }

    /** The single value of a one-row, one-column query (for example {@code SELECT count(*) ...}). */
    public static Object value(Path database, String sql, Object... parameters) {
        List<Map<String, Object>> rows = rows(database, sql, parameters);
        if (rows.size() != 1 || rows.get(0).size() != 1) {
            throw new AssertionError("expected one row with one column from " + sql + " but got " + rows);
        }
        return rows.get(0).values().iterator().next();
    }

    /** Number of rows in {@code table}. */
    public static long count(Path database, String table) {
        return ((Number) value(database, "SELECT count(*) FROM " + table)).longValue();
    }

    /** Executes DDL such as a fault-injecting trigger, in auto-commit mode. */
    public static void execute(Path database, String... statements) {
        try (Connection connection = open(database);
                Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        } catch (SQLException e) {
            throw new AssertionError("test statement failed on " + database, e);
        }
    }
}
