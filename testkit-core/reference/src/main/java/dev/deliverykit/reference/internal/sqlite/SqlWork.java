package dev.deliverykit.reference.internal.sqlite;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.sql.Connection;
import java.sql.SQLException;
import org.apiguardian.api.API;

/** Work done on a connection inside a transaction; may throw {@link SQLException}. */
@FunctionalInterface
@API(status = INTERNAL, since = "0.1")
public interface SqlWork<T> {
    T run(Connection connection) throws SQLException;
}
