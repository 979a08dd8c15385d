package dev.deliverykit.reference.outbox;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The orchestrator's side of the wire: turns an outbox command into a warehouse request whose
 * idempotency key is {@code tenant:command_id}, sends it, and returns the response it observed.
 *
 * <p>Crash matrix: the entry of {@link #send} is boundary 1 ({@link DeliveryBoundary#AFTER_LOCAL_RECORD},
 * before sending) and its normal exit is boundary 3 ({@link DeliveryBoundary#AFTER_RESPONSE}, the
 * response observed, not yet recorded).
 *
 * <pre>{@code
 * ReservationClient client = new ReservationClient("tenantA", warehouse);
 * ExecutionResult response = client.send(command);     // key tenantA:reserve42:1:0
 * }</pre>
 *
 * <p>Does not own the warehouse: whoever opened it closes it.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ReservationClient {

    private final String tenant;
    private final Warehouse warehouse;

    /**
     * A client sending as {@code tenant} (the orchestrator's namespace at the warehouse).
     *
     * @throws IllegalArgumentException if the tenant breaks the {@link IdempotencyKey} rules
     */
    public ReservationClient(String tenant, Warehouse warehouse) {
        this.tenant = IdempotencyKey.requireTenant(tenant);
        this.warehouse = Objects.requireNonNull(warehouse, "warehouse");
    }

    /** The idempotency key a command is sent with: this client's tenant and the command id. */
    public IdempotencyKey keyOf(OutboxCommand command) {
        return keyOf(command.commandId());
    }

    /** The idempotency key for command {@code commandId}: {@code tenant:commandId}. */
    public IdempotencyKey keyOf(String commandId) {
        return new IdempotencyKey(tenant, commandId);
    }

    /** Sends {@code command} to the warehouse and returns the response. */
    public ExecutionResult send(OutboxCommand command) {
        Objects.requireNonNull(command, "command");
        return warehouse.reserve(keyOf(command), command.payload());
    }
}
