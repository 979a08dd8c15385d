package dev.deliverykit.reference.outbox;

import dev.deliverykit.internal.sqlite.Sql;
import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.StoreException;
import java.sql.Connection;
import java.sql.SQLException;

/** Opening a component's single connection with its schema, and closing it. */
final class Connections {

    private Connections() {
    }

    /** Opens a connection and runs the {@code CREATE ... IF NOT EXISTS} statements; closes it if they fail. */
    static Connection openWithSchema(SqliteDatabase database, String... schema) {
        Connection connection = database.open();
        try {
            Sql.executeScript(connection, database, schema);
            return connection;
        } catch (RuntimeException e) {
            try {
                connection.close();
            } catch (SQLException closeFailure) {
                e.addSuppressed(closeFailure);
            }
            throw e;
        }
    }

    static void close(Connection connection, SqliteDatabase database) {
        try {
            connection.close();
        } catch (SQLException e) {
            throw StoreException.of("close connection", database, e);
        }
    }
}
