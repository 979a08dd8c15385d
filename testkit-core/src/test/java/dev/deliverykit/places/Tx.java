package dev.deliverykit.places;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/** A transaction template: a connection of its own, the work, {@code commit()}. */
public final class Tx {

    /** What one transaction does with its connection. */
    @FunctionalInterface
    public interface Work {
        void run(Connection connection) throws SQLException;
    }

    private final Path file;

    public Tx(Path file) {
        this.file = file;
    }

    /** Runs {@code work} in one transaction. */
    public void run(Work work) {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            connection.setAutoCommit(false);
            work.run(connection);
            connection.commit();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
