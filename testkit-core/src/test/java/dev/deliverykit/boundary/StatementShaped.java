package dev.deliverykit.boundary;

import java.sql.SQLException;

/**
 * Test fixture with the JDBC method names the engine weaves (a driver's abstract base class looks like
 * this): {@code execute(String)} of a statement and {@code prepareStatement(String)} of a connection, each
 * public and throwing {@link SQLException}, so the JDBC advice is woven into both. It is neither a
 * {@code java.sql.Statement} nor a {@code java.sql.Connection}, so the advice does nothing else when called.
 */
public class StatementShaped {

    private final Object prepared = new Object();

    /** Woven with the statement advice. */
    public boolean execute(String sql) throws SQLException {
        return sql.isEmpty();
    }

    /** Woven with the prepare advice; returns the same object every time. */
    public Object prepareStatement(String sql) throws SQLException {
        return prepared;
    }
}
