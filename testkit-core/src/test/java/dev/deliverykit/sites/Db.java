package dev.deliverykit.sites;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/** A transaction template: opens a connection, runs the work, commits through {@link Unchecked#run}. */
public final class Db {

    /** What one transaction does with its connection. */
    @FunctionalInterface
    public interface Work {
        void run(Connection connection) throws SQLException;
    }

    private final Path file;

    public Db(Path file) {
        this.file = file;
    }

    /** Runs {@code work} in one transaction. */
    public void inTx(Work work) {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            connection.setAutoCommit(false);
            work.run(connection);
            Unchecked.run(() -> connection.commit());
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
