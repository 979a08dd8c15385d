package dev.deliverykit.internal.instrument;

import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The SQL text of statements, remembered weakly by identity: what a statement was prepared with (in or outside a
 * run, so that a statement prepared before a run and executed in it still matches its selectors) and the batch
 * {@code addBatch(String)} built, until {@code clearBatch()} or {@code executeBatch()} empties it.
 */
final class SqlMemory {

    private static final WeakIdentityMap<String> PREPARED_SQL = new WeakIdentityMap<>();
    private static final WeakIdentityMap<List<String>> BATCHED_SQL = new WeakIdentityMap<>();

    private SqlMemory() {}

    /** A successful {@code prepareStatement} / {@code prepareCall}: remembers the statement's SQL. */
    static void prepared(Object statement, Object sqlArgument) {
        if (statement != null && sqlArgument instanceof String) {
            PREPARED_SQL.put(statement, SqlText.normalise((String) sqlArgument));
        }
    }

    /** {@code Statement.addBatch(String)}. */
    static void batchAdded(Object statement, Object sql) {
        if (statement instanceof Statement && sql instanceof String) {
            synchronized (BATCHED_SQL) {
                List<String> batch = BATCHED_SQL.get(statement);
                if (batch == null) {
                    batch = new ArrayList<>();
                    BATCHED_SQL.put(statement, batch);
                }
                batch.add(SqlText.normalise((String) sql));
            }
        }
    }

    /** {@code Statement.clearBatch()}, or an {@code executeBatch()} that cleared it. */
    static void batchCleared(Object statement) {
        BATCHED_SQL.remove(statement);
    }

    /**
     * The SQL an {@code execute*} call runs: its argument, normalised, else what the statement was prepared with,
     * else its batch; {@code null} if none is known.
     */
    static String sqlOf(Object statement, Object sqlArgument) {
        if (sqlArgument instanceof String) {
            return SqlText.normalise((String) sqlArgument);
        }
        String sql = PREPARED_SQL.get(statement);
        if (sql == null) {
            List<String> batch = BATCHED_SQL.get(statement);
            sql = batch == null ? null : String.join("; ", batch);
        }
        return sql;
    }
}
