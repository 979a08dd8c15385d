package dev.deliverykit.reference.outbox;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.reference.SqliteDatabase;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * The correct warehouse: an {@link IdempotentReceiver}, so the receipt (key, parameter digest, result)
 * commits in the same transaction as the effect and a resend of the same key is {@code REPLAYED}.
 *
 * <p>Boundary 2 of the crash matrix for {@link DeliveryProtocol#OUTBOX_WITH_ATOMIC_RECEIPT} is the
 * receiver's {@code COMMIT} after {@code INSERT INTO receipt ...}, equivalently the normal exit of
 * {@link #reserve}.
 *
 * <pre>{@code
 * try (WarehouseWithAtomicReceipt warehouse = new WarehouseWithAtomicReceipt(SqliteDatabase.at(dir.resolve("warehouse.db")))) {
 *     warehouse.reserve(key, Map.of("part", "P-7", "quantity", 1));   // EXECUTED, REF-1
 *     warehouse.reserve(key, Map.of("part", "P-7", "quantity", 1));   // REPLAYED, REF-1
 * }
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class WarehouseWithAtomicReceipt implements Warehouse {

    private final IdempotentReceiver receiver;

    /** Opens the underlying receiver on {@code database}. */
    public WarehouseWithAtomicReceipt(SqliteDatabase database) {
        this.receiver = new IdempotentReceiver(database);
    }

    @Override
    public ExecutionResult reserve(IdempotencyKey key, Map<String, ?> coreParameters) {
        return receiver.execute(key, coreParameters);
    }

    @Override
    public long effectCount(IdempotencyKey key) {
        return receiver.effectCount(key);
    }

    @Override
    public void close() {
        receiver.close();
    }
}
