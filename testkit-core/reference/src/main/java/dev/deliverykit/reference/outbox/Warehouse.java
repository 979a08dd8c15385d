package dev.deliverykit.reference.outbox;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.reference.SqliteDatabase;
import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The remote side of the seed-002 model: a warehouse in its own SQLite file that books one effect per
 * accepted reservation. {@code N(key)} is {@link #effectCount}.
 *
 * <p>Two variants: {@link WarehouseWithoutDedup} books on every arrival; {@link WarehouseWithAtomicReceipt}
 * is an {@link IdempotentReceiver}. The normal exit of {@link #reserve} is boundary 2
 * ({@link DeliveryBoundary#AFTER_REMOTE_EFFECT}) of the crash matrix.
 *
 * <pre>{@code
 * try (Warehouse warehouse = Warehouse.forProtocol(protocol, SqliteDatabase.at(dir.resolve("warehouse.db")))) {
 *     warehouse.reserve(new IdempotencyKey("tenantA", "reserve42:1:0"), Map.of("part", "P-7", "quantity", 1));
 *     warehouse.effectCount(new IdempotencyKey("tenantA", "reserve42:1:0"));   // 1
 * }
 * }</pre>
 *
 * <p>Implementations hold one connection and are not thread-safe.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public sealed interface Warehouse extends AutoCloseable permits WarehouseWithoutDedup, WarehouseWithAtomicReceipt {

    /**
     * The warehouse a protocol talks to: mark-first and outbox-without-dedup get
     * {@link WarehouseWithoutDedup}, the atomic-receipt protocol gets {@link WarehouseWithAtomicReceipt}.
     */
    static Warehouse forProtocol(DeliveryProtocol protocol, SqliteDatabase warehouseDatabase) {
        Objects.requireNonNull(protocol, "protocol");
        return switch (protocol) {
            case MARK_FIRST, OUTBOX_WITHOUT_DEDUP -> new WarehouseWithoutDedup(warehouseDatabase);
            case OUTBOX_WITH_ATOMIC_RECEIPT -> new WarehouseWithAtomicReceipt(warehouseDatabase);
        };
    }

    /**
     * Handles one arriving reservation request and returns the response the sender observes.
     *
     * @throws IllegalArgumentException on invalid parameters (nothing written)
     * @throws dev.deliverykit.reference.StoreException on any SQL error (rolled back)
     */
    ExecutionResult reserve(IdempotencyKey key, Map<String, ?> coreParameters);

    /** {@code N(key)}: how many effects the warehouse committed for {@code key}. */
    long effectCount(IdempotencyKey key);

    @Override
    void close();
}
