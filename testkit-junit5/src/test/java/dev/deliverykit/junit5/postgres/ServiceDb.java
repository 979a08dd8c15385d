package dev.deliverykit.junit5.postgres;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The services' own little JDBC helper (the warehouse reservation's and the ordered pipeline's): a connection
 * per unit of work, the schema set up on first use. No dependency on the kit.
 */
public final class ServiceDb {

    private final String url;

    public ServiceDb(String url, String... schema) {
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

    public Connection open() throws SQLException {
        return DriverManager.getConnection(url);
    }

    /** One transaction: commit on return, roll back on an exception; a SQL error fails with its own message. */
    public <T> T inTransaction(Work<T> work) {
        return inTransaction(null, work);
    }

    /** One transaction: commit on return, roll back on an exception; a SQL error fails as "{@code what} failed". */
    public <T> T inTransaction(String what, Work<T> work) {
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
            throw new IllegalStateException(what == null ? e.getMessage() : what + " failed: " + e.getMessage(), e);
        }
    }

    /** A unit of work on one connection. */
    public interface Work<T> {
        T run(Connection connection) throws SQLException;
    }
}
