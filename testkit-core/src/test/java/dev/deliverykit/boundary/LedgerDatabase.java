package dev.deliverykit.boundary;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The two drivers the JDBC selectors are proven on, each on a real file in a test's directory. A test
 * fixture, in plain JDBC: the engine must find its boundaries from outside.
 */
enum LedgerDatabase {
    SQLITE {
        @Override
        String url(Path directory) {
            return "jdbc:sqlite:" + directory.resolve("ledger.db");
        }

        @Override
        Connection open(Path directory, int lockTimeoutMillis) throws SQLException {
            Connection connection = DriverManager.getConnection(url(directory));
            try (Statement statement = connection.createStatement()) {
                statement.execute("PRAGMA journal_mode=WAL");
                statement.execute("PRAGMA synchronous=FULL");
                statement.execute("PRAGMA busy_timeout=" + lockTimeoutMillis);
            }
            return connection;
        }
    },
    H2 {
        @Override
        String url(Path directory) {
            // FILE_LOCK=FS: the OS releases the lock when a child JVM halts, so recovery can open the file.
            // WRITE_DELAY=0: H2 writes each commit at once; by default a commit reaches the file up to
            // 500 ms later, so a halted process would lose committed transactions.
            return "jdbc:h2:file:" + directory.resolve("ledger") + ";FILE_LOCK=FS;WRITE_DELAY=0";
        }

        @Override
        Connection open(Path directory, int lockTimeoutMillis) throws SQLException {
            Connection connection = DriverManager.getConnection(url(directory));
            try (Statement statement = connection.createStatement()) {
                statement.execute("SET LOCK_TIMEOUT " + lockTimeoutMillis);
            }
            return connection;
        }
    };

    /** The JDBC URL of the ledger in {@code directory}. */
    abstract String url(Path directory);

    /** A new auto-commit connection that waits at most {@code lockTimeoutMillis} for another's lock. */
    abstract Connection open(Path directory, int lockTimeoutMillis) throws SQLException;

    /** A new auto-commit connection that waits up to 5 s for locks. */
    Connection open(Path directory) throws SQLException {
        return open(directory, 5000);
    }
}
