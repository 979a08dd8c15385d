package dev.deliverykit.reference.internal.sqlite;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.StoreException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.apiguardian.api.API;

/**
 * Explicit transaction boundaries on an auto-commit SQLite connection.
 *
 * <p>{@code BEGIN IMMEDIATE} takes the write lock up front, so that the checks a protocol makes and
 * the rows it writes are ordered against every other writer. {@code COMMIT} is a plain statement, so a
 * crash "after commit" is a statement boundary like any other.
 */
@API(status = INTERNAL, since = "0.1")
public final class Sql {

    private Sql() {
    }

    /**
     * Runs {@code work} in {@code BEGIN IMMEDIATE ... COMMIT}; on any failure rolls back and rethrows,
     * SQL errors wrapped in a {@link StoreException} naming {@code operation}.
     */
    public static <T> T inWriteTransaction(
            Connection connection, SqliteDatabase database, String operation, SqlWork<T> work) {
        try {
            execute(connection, "BEGIN IMMEDIATE");
        } catch (SQLException e) {
            throw StoreException.of(operation, database, e);
        }
        try {
            T result = work.run(connection);
            execute(connection, "COMMIT");
            return result;
        } catch (SQLException e) {
            rollback(connection, e);
            throw StoreException.of(operation, database, e);
        } catch (RuntimeException | Error e) {
            rollback(connection, e);
            throw e;
        }
    }

    /** Runs read-only {@code work} outside any explicit transaction. */
    public static <T> T read(Connection connection, SqliteDatabase database, String operation, SqlWork<T> work) {
        try {
            return work.run(connection);
        } catch (SQLException e) {
            throw StoreException.of(operation, database, e);
        }
    }

    /**
     * Opens the one connection a component holds and runs its {@code CREATE ... IF NOT EXISTS} statements;
     * if they fail, the connection is closed again before the failure propagates.
     */
    public static Connection openWithSchema(SqliteDatabase database, List<String> schema) {
        Connection connection = database.open();
        try {
            // In one write transaction: concurrent first opens of a new file then queue on the busy
            // timeout instead of failing on a schema they both raced to create.
            inWriteTransaction(connection, database, "create schema", c -> {
                for (String statement : schema) {
                    execute(c, statement);
                }
                return null;
            });
            return connection;
        } catch (RuntimeException e) {
            try {
                connection.close();
            } catch (SQLException closeFailure) {
                e.addSuppressed(closeFailure);
            }
            throw e;
        }
    }

    /** Closes a component's connection; a failure is wrapped, as there is nothing left to roll back. */
    public static void close(Connection connection, SqliteDatabase database) {
        try {
            connection.close();
        } catch (SQLException e) {
            throw StoreException.of("close connection", database, e);
        }
    }

    /** Runs DDL or other setup statements, each in auto-commit mode. */
    public static void executeScript(Connection connection, SqliteDatabase database, String... statements) {
        try {
            for (String statement : statements) {
                execute(connection, statement);
            }
        } catch (SQLException e) {
            throw StoreException.of("set up schema", database, e);
        }
    }

    /** Executes one parameterised update and returns the row count. */
    public static int update(Connection connection, String sql, Object... parameters) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            bind(statement, parameters);
            return statement.executeUpdate();
        }
    }

    /** Binds {@code parameters} to the statement's placeholders in order. */
    public static void bind(PreparedStatement statement, Object... parameters) throws SQLException {
        for (int i = 0; i < parameters.length; i++) {
            statement.setObject(i + 1, parameters[i]);
        }
    }

    private static void execute(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    private static void rollback(Connection connection, Throwable failure) {
        try {
            if (!connection.isClosed()) {
                execute(connection, "ROLLBACK");
            }
        } catch (SQLException rollbackFailure) {
            // The original failure matters more; keep the rollback failure attached, never lost.
            failure.addSuppressed(rollbackFailure);
        }
    }
}
