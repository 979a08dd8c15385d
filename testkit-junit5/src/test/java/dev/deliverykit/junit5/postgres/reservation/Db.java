package dev.deliverykit.junit5.postgres.reservation;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/** The service's own little JDBC helper: a connection per unit of work, schema set up on first use. */
final class Db {

    private final String url;

    Db(String url, String... schema) {
        this.url = url;
        try (Connection connection = open();
                Statement statement = connection.createStatement()) {
            for (String ddl : schema) {
                statement.execute(ddl);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot set up the schema at " + url + ": " + e.getMessage(), e);
        }
    }

    Connection open() throws SQLException {
        return DriverManager.getConnection(url);
    }

    /** A transaction: commit on return, roll back on an exception. */
    <T> T inTransaction(String what, Work<T> work) {
        try (Connection connection = open()) {
            connection.setAutoCommit(false);
            try {
                T result = work.run(connection);
                connection.commit();
                return result;
            } catch (SQLException | RuntimeException e) {
                connection.rollback();
                throw e;
            }
        } catch (SQLException e) {
            throw new IllegalStateException(what + " failed: " + e.getMessage(), e);
        }
    }

    interface Work<T> {
        T run(Connection connection) throws SQLException;
    }
}
