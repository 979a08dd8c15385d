package dev.deliverykit.reference.outbox;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.reference.internal.json.CanonicalJson;
import dev.deliverykit.reference.internal.sqlite.Sql;
import java.util.List;
import dev.deliverykit.reference.SqliteDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A receiver that turns repeated deliveries of one intent into one effect: it stores the key, the
 * SHA-256 digest of the canonical core parameters and the result in the same transaction as the effect.
 *
 * <p>{@link #execute} runs in one {@code BEGIN IMMEDIATE ... COMMIT} transaction, in this order:
 * <ol>
 *   <li>{@code SELECT parameters_digest, result FROM receipt WHERE tenant = ? AND intent_id = ?};</li>
 *   <li>receipt found, same digest: {@link ExecutionOutcome#REPLAYED} with the stored result, nothing
 *       written; other digest: {@link ExecutionOutcome#CONFLICT}, nothing written;</li>
 *   <li>otherwise {@code INSERT INTO effect ... RETURNING effect_id}, then
 *       {@code INSERT INTO receipt ...}, then {@code COMMIT}: {@link ExecutionOutcome#EXECUTED} with
 *       {@code REF-<effect_id>}.</li>
 * </ol>
 * A crash before the {@code COMMIT} leaves neither the effect nor the receipt; after it, both. For the
 * crash matrix this {@code COMMIT} is boundary 2 ("after the remote effect") of the atomic-receipt
 * protocol, see {@link DeliveryBoundary#AFTER_REMOTE_EFFECT}.
 *
 * <p>Concurrency: {@code BEGIN IMMEDIATE} orders two workers so the second one sees the first one's
 * receipt; the receipt's primary key {@code (tenant, intent_id)} is the safety net if a worker
 * nevertheless reaches the insert for a stored key: the insert fails, the whole transaction (effect
 * included) rolls back and a {@link dev.deliverykit.reference.StoreException} propagates. SQL errors
 * and lock timeouts always propagate; they are never reported as an outcome.
 *
 * <pre>{@code
 * try (IdempotentReceiver receiver = new IdempotentReceiver(SqliteDatabase.at(dir.resolve("warehouse.db")))) {
 *     IdempotencyKey key = new IdempotencyKey("tenantA", "reserve42");
 *     receiver.execute(key, Map.of("part", "P-7", "quantity", 1));  // EXECUTED, REF-1
 *     receiver.execute(key, Map.of("part", "P-7", "quantity", 1));  // REPLAYED, REF-1
 *     receiver.execute(key, Map.of("part", "P-7", "quantity", 2));  // CONFLICT
 * }
 * }</pre>
 *
 * <p>Holds one connection; not thread-safe. Give each thread or process its own instance.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class IdempotentReceiver implements AutoCloseable {

    private static final String CREATE_RECEIPT = "CREATE TABLE IF NOT EXISTS receipt ("
            + " tenant TEXT NOT NULL,"
            + " intent_id TEXT NOT NULL,"
            + " parameters_digest TEXT NOT NULL,"
            + " result TEXT NOT NULL,"
            + " effect_id INTEGER NOT NULL UNIQUE REFERENCES effect(effect_id),"
            + " PRIMARY KEY (tenant, intent_id))";
    private static final String SELECT_RECEIPT =
            "SELECT parameters_digest, result FROM receipt WHERE tenant = ? AND intent_id = ?";
    private static final String INSERT_RECEIPT = "INSERT INTO receipt(tenant, intent_id, parameters_digest,"
            + " result, effect_id) VALUES (?, ?, ?, ?, ?)";

    private final WarehouseConnection warehouse;

    /** Opens the receiver's connection and creates the {@code effect} and {@code receipt} tables if needed. */
    public IdempotentReceiver(SqliteDatabase database) {
        this.warehouse = WarehouseConnection.open(database, CREATE_RECEIPT);
    }

    /**
     * Executes the intent named by {@code key} at most once.
     *
     * @param key the intent's identity (not a hash of the body)
     * @param coreParameters the parameters that define the intent: a flat map of text, integers and
     *     booleans, at most 4096 bytes as canonical JSON; their
     *     digest decides between {@code REPLAYED} and {@code CONFLICT}
     * @throws IllegalArgumentException if the parameters are invalid (nothing is written)
     * @throws dev.deliverykit.reference.StoreException on any SQL error or lock timeout (rolled back)
     */
    public ExecutionResult execute(IdempotencyKey key, Map<String, ?> coreParameters) {
        Objects.requireNonNull(key, "idempotency key must not be null; every request needs the intent's identity");
        String canonical = FlatParameters.canonical(coreParameters, "core parameters of " + key);
        String digest = CanonicalJson.sha256(canonical);
        return Sql.inWriteTransaction(warehouse.connection(), warehouse.database(), "execute " + key, c -> {
            Optional<StoredReceipt> stored = findReceipt(c, key);
            if (stored.isPresent()) {
                return stored.get().digest().equals(digest)
                        ? new ExecutionResult.Replayed(key, stored.get().result())
                        : new ExecutionResult.Conflict(key);
            }
            long effectId = EffectLog.insert(c, key, canonical);
            String result = EffectLog.reference(effectId);
            Sql.update(c, INSERT_RECEIPT, key.tenant(), key.id(), digest, result, effectId);
            return new ExecutionResult.Executed(key, result);
        });
    }

    /** {@code N(key)}: the number of committed effects for {@code key} (0 or 1 here). */
    public long effectCount(IdempotencyKey key) {
        return warehouse.effectCount(key);
    }

    @Override
    public void close() {
        warehouse.close();
    }

    private static Optional<StoredReceipt> findReceipt(Connection connection, IdempotencyKey key)
            throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(SELECT_RECEIPT)) {
            Sql.bind(statement, key.tenant(), key.id());
            try (ResultSet rows = statement.executeQuery()) {
                return rows.next()
                        ? Optional.of(new StoredReceipt(rows.getString(1), rows.getString(2)))
                        : Optional.empty();
            }
        }
    }

    private record StoredReceipt(String digest, String result) {
    }
}
