package dev.deliverykit.reference.outbox;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * The receiver-side effect table: one row per business effect (a booking), so {@code N(k)} is a count.
 * Shared by {@link IdempotentReceiver} and {@link WarehouseWithoutDedup} so that both variants write
 * the same effect with the same statement, and differ only in the receipt.
 *
 * <p>The effect's result is {@code REF-<effect_id>}; {@code effect_id} is SQLite's rowid, which is
 * {@code max + 1} (no gaps after rollbacks), so results are deterministic.
 */
final class EffectLog {

    static final String CREATE_TABLE = "CREATE TABLE IF NOT EXISTS effect ("
            + " effect_id INTEGER PRIMARY KEY,"
            + " tenant TEXT NOT NULL,"
            + " intent_id TEXT NOT NULL,"
            + " parameters TEXT NOT NULL)";
    static final String CREATE_INDEX = "CREATE INDEX IF NOT EXISTS effect_by_key ON effect(tenant, intent_id)";

    /** The effect statement; a crash engine targets this SQL text. */
    static final String INSERT_EFFECT =
            "INSERT INTO effect(tenant, intent_id, parameters) VALUES (?, ?, ?) RETURNING effect_id";

    private static final String COUNT_FOR_KEY = "SELECT count(*) FROM effect WHERE tenant = ? AND intent_id = ?";

    private EffectLog() {}

    /** Inserts one effect for {@code key} and returns its id. */
    static long insert(Connection connection, IdempotencyKey key, String canonicalParameters) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(INSERT_EFFECT)) {
            statement.setString(1, key.tenant());
            statement.setString(2, key.id());
            statement.setString(3, canonicalParameters);
            try (ResultSet generated = statement.executeQuery()) {
                if (!generated.next()) {
                    throw new SQLException("INSERT ... RETURNING effect_id returned no row for " + key);
                }
                return generated.getLong(1);
            }
        }
    }

    /** The result handed back for effect {@code effectId}. */
    static String reference(long effectId) {
        return "REF-" + effectId;
    }

    /** {@code N(key)}: how many effects were committed for {@code key}. */
    static long count(Connection connection, IdempotencyKey key) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(COUNT_FOR_KEY)) {
            statement.setString(1, key.tenant());
            statement.setString(2, key.id());
            try (ResultSet rows = statement.executeQuery()) {
                rows.next();
                return rows.getLong(1);
            }
        }
    }
}
