package dev.deliverykit.boundary;

import java.sql.SQLException;

/** A class no selector names, with JDBC-like method names that are not JDBC-shaped: must stay untouched. */
final class Uninvolved {

    boolean execute(String command) {
        return command.isEmpty();
    }

    void commit() throws SQLException {
        // a unit of work's commit, not a JDBC connection's: package-private, so not JDBC-shaped
    }
}
