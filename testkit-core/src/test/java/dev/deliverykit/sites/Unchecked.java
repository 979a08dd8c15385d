package dev.deliverykit.sites;

import java.sql.SQLException;

/** Runs JDBC code that throws {@link SQLException} where no checked exception may be thrown. */
public final class Unchecked {

    /** JDBC code. */
    @FunctionalInterface
    public interface SqlAction {
        void run() throws SQLException;
    }

    private Unchecked() {}

    /** Runs {@code action}; an {@link SQLException} becomes an {@link IllegalStateException}. */
    public static void run(SqlAction action) {
        try {
            action.run();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
