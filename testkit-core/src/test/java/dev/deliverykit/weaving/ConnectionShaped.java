package dev.deliverykit.weaving;

import java.sql.SQLException;

/**
 * JDBC-shaped like a driver's base class but no {@code java.sql.Connection}: its constructor, {@code commit()},
 * {@code setAutoCommit} and a {@code prepareStatement} that returns a primitive are woven; the dispatcher
 * then sees no connection and does nothing else.
 */
public class ConnectionShaped {

    private int commits;
    private boolean autoCommit = true;

    public ConnectionShaped(int start) {
        commits = start;
    }

    public void commit() throws SQLException {
        if (autoCommit) {
            throw new SQLException("auto-commit");
        }
        commits++;
    }

    public void setAutoCommit(boolean autoCommit) throws SQLException {
        this.autoCommit = autoCommit;
    }

    public long prepareStatement(String sql) throws SQLException {
        long length = 0;
        for (int i = 0; i < sql.length(); i++) {
            length += 1;
        }
        return length * 10 + commits;
    }
}
