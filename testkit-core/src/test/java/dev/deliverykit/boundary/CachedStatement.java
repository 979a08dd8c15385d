package dev.deliverykit.boundary;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Plain-JDBC delivery code with a statement cache: the outbox insert is prepared once, when the object is
 * made, and executed by every {@link #deposit} afterwards, as a component that caches its statements does.
 */
final class CachedStatement implements AutoCloseable {

    private final Connection connection;
    private final PreparedStatement insertOutbox;

    CachedStatement(Connection connection) throws SQLException {
        this.connection = connection;
        this.insertOutbox = connection.prepareStatement(Ledger.INSERT_OUTBOX);
    }

    /** {@code BEGIN IMMEDIATE}; the cached outbox insert; {@code COMMIT}. */
    void deposit(String outboxId) throws SQLException {
        execute("BEGIN IMMEDIATE");
        insertOutbox.setString(1, outboxId);
        insertOutbox.setString(2, "cached");
        insertOutbox.executeUpdate();
        execute("COMMIT");
    }

    private void execute(String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    @Override
    public void close() throws SQLException {
        insertOutbox.close();
    }
}
