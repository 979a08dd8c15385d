package dev.deliverykit.reference.internal.sqlite;

import java.sql.Connection;
import java.sql.SQLException;

/** Work done on a connection inside a transaction; may throw {@link SQLException}. */
@FunctionalInterface
public interface SqlWork<T> {
    T run(Connection connection) throws SQLException;
}
