package dev.deliverykit.junit5.contract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Maps the idempotent receiver contract's words onto your receiver: handle a {@link Request} by its key and
 * parameters, and say where its effects are. Implement it in one small class and return it from
 * {@link IdempotentReceiverContract#adapter()}.
 *
 * <pre>{@code
 * final class WarehouseAdapter implements IdempotentReceiverAdapter {
 *     public List<String> databases() {
 *         return List.of("warehouse");
 *     }
 *
 *     public Receiver start(Databases databases) {
 *         Warehouse warehouse = new Warehouse(databases.url("warehouse"));   // a fresh process
 *         return request -> switch (warehouse.reserve(request.tenant(), request.key(), request.parameters())) {
 *             case BOOKED -> Answer.EXECUTED;
 *             case ALREADY_BOOKED -> Answer.REPLAYED;
 *             case REJECTED -> Answer.CONFLICT;
 *         };
 *     }
 *
 *     public Query effects() {
 *         return Query.on("warehouse", "SELECT tenant, reservation_id FROM booking");
 *     }
 * }
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface IdempotentReceiverAdapter extends ContractAdapter<IdempotentReceiverAdapter.Receiver> {

    /**
     * Where the effects are: one row per effect (a booking, a shipment), two columns, the tenant and the key of the
     * request that made it, as the kit sent them.
     */
    Query effects();

    /** One process of the receiver. */
    @FunctionalInterface
    @API(status = EXPERIMENTAL, since = "0.1")
    interface Receiver extends ContractProcess {

        /**
         * Handles the request as your receiver handles a delivery (a message, a command, an HTTP call), and says
         * what it answered. Throw what your receiver throws (a rejected duplicate insert, a lock timeout): the kit
         * then counts the call as failed, never as a success.
         */
        Answer handle(Request request) throws Exception;
    }
}
