package dev.deliverykit.reference.ordered;

import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.StoreException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Objects;
import java.util.function.BiConsumer;

/** Opening and closing the one connection each component holds. */
final class Connections {

    private Connections() {
    }

    /** Opens a connection and creates the component's tables, closing the connection again if that fails. */
    static Connection openWithTables(SqliteDatabase database, BiConsumer<Connection, SqliteDatabase> createTables) {
        Objects.requireNonNull(database, "database");
        Connection connection = database.open();
        try {
            createTables.accept(connection, database);
            return connection;
        } catch (RuntimeException e) {
            closeQuietly(connection, e);
            throw e;
        }
    }

    /** Closes {@code connection}; an error is wrapped, as there is nothing left to roll back. */
    static void close(Connection connection, SqliteDatabase database) {
        try {
            connection.close();
        } catch (SQLException e) {
            throw StoreException.of("close connection", database, e);
        }
    }

    private static void closeQuietly(Connection connection, RuntimeException failure) {
        try {
            connection.close();
        } catch (SQLException closeFailure) {
            failure.addSuppressed(closeFailure);
        }
    }
}
