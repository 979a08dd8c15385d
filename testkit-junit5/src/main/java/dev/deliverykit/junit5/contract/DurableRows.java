package dev.deliverykit.junit5.contract;

import dev.deliverykit.invariant.JdbcSource;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads an adapter's query with plain JDBC, as the invariants do: a new connection, a transaction that is rolled back,
 * every value as text. Used where a check judges rows no invariant builder covers (answers aside, blocked events).
 */
final class DurableRows {

    private DurableRows() {}

    /**
     * The rows of {@code sql} on {@code source}.
     *
     * @throws IllegalStateException naming the query and its origin when it cannot be read
     */
    static List<List<String>> read(JdbcSource source, String sql, String origin) {
        try (Connection connection = source.open()) {
            connection.setAutoCommit(false);
            try (Statement statement = connection.createStatement();
                    ResultSet rows = statement.executeQuery(sql)) {
                List<List<String>> read = new ArrayList<>();
                int columns = rows.getMetaData().getColumnCount();
                while (rows.next()) {
                    List<String> row = new ArrayList<>(columns);
                    for (int column = 1; column <= columns; column++) {
                        row.add(rows.getString(column));
                    }
                    read.add(row);
                }
                return read;
            } finally {
                connection.rollback();
            }
        } catch (SQLException e) {
            throw new IllegalStateException(
                    ContractMessages.unreadable(origin, source.name(), sql, e).sentences(), e);
        }
    }

    /**
     * A query that returns exactly {@code rows} on any SQL database, for the side of an invariant the kit knows itself
     * (the keys it sent): {@code SELECT 'tenantA', 'k-1' UNION ALL SELECT ...}.
     */
    static String constant(List<List<String>> rows) {
        List<String> selects = new ArrayList<>();
        for (List<String> row : rows) {
            List<String> values = new ArrayList<>();
            row.forEach(value -> values.add("'" + value.replace("'", "''") + "'"));
            selects.add("SELECT " + String.join(", ", values));
        }
        return String.join(" UNION ALL ", selects);
    }
}
