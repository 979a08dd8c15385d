package dev.deliverykit.invariant;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The connections of one check: one per {@link JdbcSource} object, each inside a transaction that is
 * always rolled back. Queries on the same source therefore read one consistent snapshot (SQLite takes it
 * at the first read), see only committed rows, and nothing they might write can persist. A
 * {@link RecordSource} reads its broker on its own, at the moment its side is read.
 */
final class ReadSession implements AutoCloseable {

    private final String invariant;
    private final Map<JdbcSource, Connection> connections = new IdentityHashMap<>();
    private final Map<Connection, Boolean> originalAutoCommit = new IdentityHashMap<>();
    private final List<JdbcSource> openOrder = new ArrayList<>();

    ReadSession(String invariant) {
        this.invariant = invariant;
    }

    /**
     * Runs {@code query} and returns every row, each value as {@link ResultSet#getString} gives it, or as the
     * record source wrote it.
     */
    ResultRows read(QuerySpec query) {
        if (query instanceof QuerySpec.RecordQuery records) {
            return read(records);
        }
        return read((QuerySpec.JdbcQuery) query);
    }

    private ResultRows read(QuerySpec.RecordQuery query) {
        RecordSource source = query.source();
        RecordRows rows;
        try {
            rows = source.read(new RecordRead(invariant, query.role(), source.name()));
        } catch (InvariantSourceException | InvariantDefinitionException e) {
            throw e;
        } catch (RuntimeException e) {
            // A source of the user's own that let its client's failure through: still a failed read, named.
            throw InvariantSourceException.cannotRead(
                    invariant, query.role(), source.name(), String.valueOf(e.getMessage()), e);
        }
        if (rows == null) {
            throw InvariantSourceException.cannotRead(
                    invariant, query.role(), source.name(), "the source returned null instead of its rows.", null);
        }
        return new ResultRows(invariant, query.role(), source.name(), null, rows.columns(), rows.rows());
    }

    private ResultRows read(QuerySpec.JdbcQuery query) {
        JdbcSource source = query.source();
        Connection connection = connection(source);
        String sql;
        try {
            sql = query.sql(IdentifierQuoting.of(connection.getMetaData()));
        } catch (SQLException e) {
            throw InvariantSourceException.cannotOpen(invariant, source.name(), e);
        }
        try (PreparedStatement statement = connection.prepareStatement(sql);
                ResultSet resultSet = statement.executeQuery()) {
            ResultSetMetaData meta = resultSet.getMetaData();
            List<String> labels = new ArrayList<>();
            for (int column = 1; column <= meta.getColumnCount(); column++) {
                labels.add(meta.getColumnLabel(column));
            }
            List<List<String>> rows = new ArrayList<>();
            while (resultSet.next()) {
                String[] values = new String[labels.size()];
                for (int column = 1; column <= values.length; column++) {
                    values[column - 1] = resultSet.getString(column);
                }
                rows.add(Collections.unmodifiableList(Arrays.asList(values)));
            }
            return new ResultRows(invariant, query.role(), source.name(), sql, List.copyOf(labels), List.copyOf(rows));
        } catch (SQLException e) {
            throw InvariantDefinitionException.queryFailed(invariant, query.role(), source.name(), sql, e);
        }
    }

    private Connection connection(JdbcSource source) {
        Connection open = connections.get(source);
        if (open != null) {
            return open;
        }
        Connection connection;
        try {
            connection = source.open();
        } catch (SQLException | RuntimeException e) {
            throw InvariantSourceException.cannotOpen(invariant, source.name(), e);
        }
        if (connection == null) {
            throw InvariantSourceException.openedNull(invariant, source.name());
        }
        try {
            originalAutoCommit.put(connection, connection.getAutoCommit());
            connection.setAutoCommit(false);
        } catch (SQLException e) {
            InvariantSourceException failure = InvariantSourceException.cannotOpen(invariant, source.name(), e);
            closeQuietly(connection, failure);
            throw failure;
        }
        connections.put(source, connection);
        openOrder.add(source);
        return connection;
    }

    /** Rolls back and closes every connection, even when one of them fails; the first failure is thrown. */
    @Override
    public void close() {
        InvariantSourceException failure = null;
        for (JdbcSource source : openOrder) {
            Connection connection = connections.get(source);
            try {
                connection.rollback();
                connection.setAutoCommit(originalAutoCommit.get(connection));
            } catch (SQLException e) {
                failure =
                        firstOrSuppressed(failure, InvariantSourceException.cannotEndRead(invariant, source.name(), e));
            } finally {
                try {
                    connection.close();
                } catch (SQLException e) {
                    failure = firstOrSuppressed(
                            failure, InvariantSourceException.cannotEndRead(invariant, source.name(), e));
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    private static InvariantSourceException firstOrSuppressed(
            InvariantSourceException first, InvariantSourceException next) {
        if (first == null) {
            return next;
        }
        first.addSuppressed(next);
        return first;
    }

    private static void closeQuietly(Connection connection, RuntimeException failure) {
        try {
            connection.close();
        } catch (SQLException e) {
            failure.addSuppressed(e);
        }
    }
}
