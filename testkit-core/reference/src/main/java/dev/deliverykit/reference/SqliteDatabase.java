package dev.deliverykit.reference;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.locks.LockSupport;
import org.apiguardian.api.API;

/**
 * One SQLite database file with the settings every reference protocol relies on: WAL journal,
 * {@code synchronous=FULL} and a busy timeout.
 *
 * <p>Connections are opened in auto-commit mode on purpose. sqlite-jdbc, when auto-commit is off,
 * re-issues {@code BEGIN} right after each commit, so with {@code transaction_mode=IMMEDIATE} a
 * connection would keep the write lock between transactions. The reference code instead issues
 * {@code BEGIN IMMEDIATE} and {@code COMMIT} itself, which also makes every commit a visible statement.
 *
 * <pre>{@code
 * SqliteDatabase producerDb = SqliteDatabase.at(dir.resolve("producer.db"));
 * try (OrderedProducer producer = new OrderedProducer(producerDb)) {
 *     producer.advance(event, 0);
 * }
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SqliteDatabase {

    /** The busy timeout used unless {@link #withBusyTimeout(Duration)} says otherwise. */
    public static final Duration DEFAULT_BUSY_TIMEOUT = Duration.ofSeconds(5);

    private final Path file;
    private final Duration busyTimeout;

    private SqliteDatabase(Path file, Duration busyTimeout) {
        this.file = file;
        this.busyTimeout = busyTimeout;
    }

    /** The database stored in {@code file}; the file is created on first use. */
    public static SqliteDatabase at(Path file) {
        Objects.requireNonNull(file, "file");
        return new SqliteDatabase(file.toAbsolutePath().normalize(), DEFAULT_BUSY_TIMEOUT);
    }

    /**
     * The same database with another busy timeout: how long a write transaction waits for another
     * connection's write lock before it fails with a {@link StoreException} that says so.
     */
    public SqliteDatabase withBusyTimeout(Duration timeout) {
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.toMillis() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(
                    "busy timeout must be between 0 ms and " + Integer.MAX_VALUE + " ms, got " + timeout);
        }
        return new SqliteDatabase(file, timeout);
    }

    /** The database file. */
    public Path file() {
        return file;
    }

    /** How long a write waits for a lock held by another connection. */
    public Duration busyTimeout() {
        return busyTimeout;
    }

    /**
     * Opens a new auto-commit connection with WAL, {@code synchronous=FULL} and the busy timeout.
     *
     * @throws StoreException if the file cannot be opened or configured
     */
    public Connection open() {
        Connection connection = null;
        try {
            connection = DriverManager.getConnection("jdbc:sqlite:" + file);
            connection.setAutoCommit(true);
            try (Statement pragmas = connection.createStatement()) {
                // The busy timeout comes first: switching to WAL needs a lock that a concurrent opener may
                // hold, and without a busy handler that wait would fail at once with SQLITE_BUSY.
                pragmas.execute("PRAGMA busy_timeout = " + busyTimeout.toMillis());
                switchToWal(pragmas);
                pragmas.execute("PRAGMA synchronous = FULL");
                pragmas.execute("PRAGMA foreign_keys = ON");
            }
            return connection;
        } catch (SQLException e) {
            StoreException failure = StoreException.of("open " + file, this, e);
            if (connection != null) {
                try {
                    connection.close();
                } catch (SQLException closeFailure) {
                    failure.addSuppressed(closeFailure);
                }
            }
            throw failure;
        }
    }

    /**
     * Switches a new file to WAL. Two connections opening the same new file at once can both try this
     * switch; SQLite then answers SQLITE_BUSY at once instead of calling the busy handler, so the wait the
     * busy timeout promises is done here, with a short back-off, until the timeout has passed.
     */
    private void switchToWal(Statement pragmas) throws SQLException {
        long deadline = System.nanoTime() + busyTimeout.toNanos();
        long pauseNanos = 100_000;
        while (true) {
            try {
                pragmas.execute("PRAGMA journal_mode = WAL");
                return;
            } catch (SQLException e) {
                if (!StoreException.isBusy(e) || System.nanoTime() >= deadline) {
                    throw e;
                }
                LockSupport.parkNanos(pauseNanos);
                pauseNanos = Math.min(pauseNanos * 2, 20_000_000);
            }
        }
    }

    @Override
    public String toString() {
        return "SqliteDatabase[" + file + ", busy timeout " + busyTimeout.toMillis() + " ms]";
    }
}
