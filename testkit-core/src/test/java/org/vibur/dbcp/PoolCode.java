package org.vibur.dbcp;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A frame of a pool's own code between the user's code and a JDBC call, in the package of Vibur DBCP, one of the
 * pools the kit knows (Vibur itself is no dependency of these tests): such a frame is seen through, never a site.
 */
public final class PoolCode {

    private PoolCode() {}

    /** Runs {@code sql} on {@code connection}, as a pool runs a connection's initialisation or validation SQL. */
    public static void execute(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
