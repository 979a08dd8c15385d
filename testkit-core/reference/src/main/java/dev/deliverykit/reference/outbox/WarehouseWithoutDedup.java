package dev.deliverykit.reference.outbox;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.reference.internal.sqlite.Sql;
import java.util.List;
import dev.deliverykit.reference.SqliteDatabase;
import java.sql.Connection;
import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Broken on purpose: a warehouse that books a new effect for every arriving request, even a resend of
 * the same key, so an at-least-once sender produces {@code N = 2} after a lost response.
 *
 * <p>{@link #reserve} is one transaction: {@code BEGIN IMMEDIATE}; {@code INSERT INTO effect ...
 * RETURNING effect_id}; {@code COMMIT}. That {@code COMMIT} (and the method's normal exit) is boundary 2
 * of the crash matrix for {@link DeliveryProtocol#MARK_FIRST} and {@link DeliveryProtocol#OUTBOX_WITHOUT_DEDUP}.
 * The response is always {@code EXECUTED} with {@code REF-<effect_id>}.
 *
 * <pre>{@code
 * try (WarehouseWithoutDedup warehouse = new WarehouseWithoutDedup(SqliteDatabase.at(dir.resolve("warehouse.db")))) {
 *     warehouse.reserve(key, Map.of("part", "P-7", "quantity", 1));   // EXECUTED, REF-1
 *     warehouse.reserve(key, Map.of("part", "P-7", "quantity", 1));   // EXECUTED, REF-2: a duplicate
 * }
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class WarehouseWithoutDedup implements Warehouse {

    private final WarehouseConnection warehouse;

    /** Opens the warehouse's connection and creates the {@code effect} table if needed. */
    public WarehouseWithoutDedup(SqliteDatabase database) {
        this.warehouse = WarehouseConnection.open(database);
    }

    @Override
    public ExecutionResult reserve(IdempotencyKey key, Map<String, ?> coreParameters) {
        Objects.requireNonNull(key, "idempotency key must not be null");
        String canonical = FlatParameters.canonical(coreParameters, "core parameters of " + key);
        return Sql.inWriteTransaction(warehouse.connection(), warehouse.database(), "reserve " + key + " without dedup",
                c -> new ExecutionResult.Executed(key, EffectLog.reference(EffectLog.insert(c, key, canonical))));
    }

    @Override
    public long effectCount(IdempotencyKey key) {
        return warehouse.effectCount(key);
    }

    @Override
    public void close() {
        warehouse.close();
    }
}
