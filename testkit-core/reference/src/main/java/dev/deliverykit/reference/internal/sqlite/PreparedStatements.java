package dev.deliverykit.reference.internal.sqlite;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.StoreException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * A component's one connection and its prepared statements, each prepared on first use and kept until the
 * component closes. A pipeline runs the same few statements for every event; preparing each anew cost
 * more than executing it.
 *
 * <pre>{@code
 * PreparedStatements statements = PreparedStatements.openWithSchema(database, SCHEMA);
 * Sql.inWriteTransaction(statements.connection(), database, "advance", c -> statements.update(INSERT, id, body));
 * try (ResultSet row = statements.bound(SELECT_BODY, id).executeQuery()) { ... }   // close the result, not the statement
 * statements.close();   // the statements, then the connection
 * }</pre>
 *
 * <p>Every statement keeps its own SQL text, so each crash boundary is still a distinct statement; the
 * boundary engine learns that text when the statement is prepared, whether or not a run is active.
 * Not thread-safe, like the component that holds it.
 */
@API(status = INTERNAL, since = "0.1")
public final class PreparedStatements implements AutoCloseable {

    private final SqliteDatabase database;
    private final Connection connection;
    private final Map<String, PreparedStatement> bySql = new HashMap<>();

    private PreparedStatements(SqliteDatabase database, Connection connection) {
        this.database = database;
        this.connection = connection;
    }

    /** Opens the component's connection with {@link Sql#openWithSchema}; no statement is prepared yet. */
    public static PreparedStatements openWithSchema(SqliteDatabase database, List<String> schema) {
        return new PreparedStatements(database, Sql.openWithSchema(database, schema));
    }

    /** The connection, for {@link Sql#inWriteTransaction} and {@link Sql#read}. */
    public Connection connection() {
        return connection;
    }

    /** The statement of {@code sql} (prepared on first use) with {@code parameters} bound in order. */
    public PreparedStatement bound(String sql, Object... parameters) throws SQLException {
        PreparedStatement statement = bySql.get(sql);
        if (statement == null) {
            statement = connection.prepareStatement(sql);
            bySql.put(sql, statement);
        }
        Sql.bind(statement, parameters);
        return statement;
    }

    /** Executes the parameterised update {@code sql} and returns the row count. */
    public int update(String sql, Object... parameters) throws SQLException {
        return bound(sql, parameters).executeUpdate();
    }

    /**
     * Closes every statement, then the connection (also when a statement fails to close). After a crash
     * the driver has already closed them with their connection; closing again is harmless.
     *
     * @throws StoreException if a statement or the connection fails to close
     */
    @Override
    public void close() {
        List<SQLException> failures = new ArrayList<>();
        for (PreparedStatement statement : bySql.values()) {
            try {
                statement.close();
            } catch (SQLException e) {
                failures.add(e);
            }
        }
        bySql.clear();
        try {
            connection.close();
        } catch (SQLException e) {
            failures.add(e);
        }
        if (!failures.isEmpty()) {
            SQLException first = failures.get(0);
            failures.subList(1, failures.size()).forEach(first::addSuppressed);
            throw StoreException.of("close connection", database, first);
        }
    }
}
