package dev.deliverykit.junit5.postgres.pipeline;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/** A connection per unit of work; the schema is created on first use. */
final class Jdbc {

    private final String url;

    Jdbc(String url, String... schema) {
        this.url = url;
        try (Connection connection = DriverManager.getConnection(url);
                Statement statement = connection.createStatement()) {
            for (String ddl : schema) {
                statement.execute(ddl);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot set up the schema at " + url + ": " + e.getMessage(), e);
        }
    }

    /** One transaction: commit on return, roll back on an exception; SQL errors propagate. */
    <T> T inTransaction(Work<T> work) {
        try (Connection connection = DriverManager.getConnection(url)) {
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
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    interface Work<T> {
        T run(Connection connection) throws SQLException;
    }
}
