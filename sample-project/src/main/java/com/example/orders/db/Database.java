package com.example.orders.db;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Objects;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteDataSource;

/**
 * One SQLite file, used the way a team would use a {@code DataSource}: every unit of work opens its own
 * connection, runs, then commits (or rolls back) and closes it.
 *
 * <p>Connections use WAL, {@code synchronous=FULL} and a busy timeout, and sqlite-jdbc's transaction mode
 * {@code IMMEDIATE}: {@code setAutoCommit(false)} sends {@code BEGIN IMMEDIATE}, so a writer takes the write
 * lock up front instead of failing half way. sqlite-jdbc sends {@code BEGIN IMMEDIATE} again right after
 * every {@code commit()} and {@code rollback()}, which would keep the write lock; that is why a connection
 * is never kept between units of work.
 *
 * <pre>{@code
 * Database orders = Database.sqlite(Path.of("orders.db"));
 * int count = orders.read("count orders", c -> {
 *     try (var rs = c.createStatement().executeQuery("SELECT COUNT(*) FROM orders")) {
 *         return rs.next() ? rs.getInt(1) : 0;
 *     }
 * });
 * }</pre>
 */
public final class Database {

    /** What one unit of work does with its connection. */
    @FunctionalInterface
    public interface Work<T> {
        T run(Connection connection) throws SQLException;
    }

    private static final Duration DEFAULT_BUSY_TIMEOUT = Duration.ofSeconds(5);

    private final Path file;
    private final Duration busyTimeout;
    private final SQLiteDataSource dataSource;

    private Database(Path file, Duration busyTimeout) {
        this.file = file;
        this.busyTimeout = busyTimeout;
        SQLiteConfig config = new SQLiteConfig();
        config.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
        this.dataSource = new SQLiteDataSource(config);
        this.dataSource.setUrl("jdbc:sqlite:" + file);
    }

    /** The SQLite database in {@code file} (created on first use), with a 5 second busy timeout. */
    public static Database sqlite(Path file) {
        return new Database(Objects.requireNonNull(file, "file").toAbsolutePath().normalize(), DEFAULT_BUSY_TIMEOUT);
    }

    /** The same database, waiting at most {@code timeout} for another connection's write lock. */
    public Database withBusyTimeout(Duration timeout) {
        if (timeout.isNegative()) {
            throw new IllegalArgumentException("busy timeout must not be negative, got " + timeout);
        }
        return new Database(file, timeout);
    }

    /** The database file. */
    public Path file() {
        return file;
    }

    /**
     * Runs {@code work} in one write transaction: {@code BEGIN IMMEDIATE}, the work, {@code commit()}; any
     * exception rolls everything back. The connection is closed either way.
     *
     * @param what what the work does, for error messages ("place order o-1")
     * @throws DataAccessException if a SQL statement or the commit fails
     */
    public <T> T inTransaction(String what, Work<T> work) {
        try (Connection connection = open()) {
            connection.setAutoCommit(false);
            T result;
            try {
                result = work.run(connection);
            } catch (SQLException | RuntimeException e) {
                rollback(connection, e);
                throw e;
            }
            connection.commit();
            return result;
        } catch (SQLException e) {
            throw new DataAccessException(what, file, e);
        }
    }

    /**
     * Runs the DDL {@code statements} in one write transaction (for {@code CREATE TABLE IF NOT EXISTS ...}: a
     * schema is created whole or not at all).
     *
     * @param what what the statements create, for error messages ("create the order tables")
     * @throws DataAccessException if a statement or the commit fails
     */
    public void createTables(String what, String... statements) {
        inTransaction(what, c -> {
            try (Statement ddl = c.createStatement()) {
                for (String statement : statements) {
                    ddl.execute(statement);
                }
            }
            return null;
        });
    }

    /**
     * Runs read-only {@code work} on an auto-commit connection, which takes no write lock.
     *
     * @throws DataAccessException if a SQL statement fails
     */
    public <T> T read(String what, Work<T> work) {
        try (Connection connection = open()) {
            return work.run(connection);
        } catch (SQLException e) {
            throw new DataAccessException(what, file, e);
        }
    }

    private Connection open() throws SQLException {
        Connection connection = dataSource.getConnection();
        try (Statement pragmas = connection.createStatement()) {
            // The busy timeout first: switching to WAL needs a lock that another opener may hold right now.
            pragmas.execute("PRAGMA busy_timeout = " + busyTimeout.toMillis());
            pragmas.execute("PRAGMA journal_mode = WAL");
            pragmas.execute("PRAGMA synchronous = FULL");
            return connection;
        } catch (SQLException e) {
            try {
                connection.close();
            } catch (SQLException closeFailure) {
                e.addSuppressed(closeFailure);
            }
            throw e;
        }
    }

    private static void rollback(Connection connection, Exception cause) {
        try {
            connection.rollback();
        } catch (SQLException rollbackFailure) {
            cause.addSuppressed(rollbackFailure);
        }
    }

    @Override
    public String toString() {
        return "Database[" + file + "]";
    }
}
