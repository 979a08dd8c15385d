package dev.deliverykit.junit5.contract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Maps the transactional outbox contract's words onto your producer: record an {@link Intent} (the business state
 * and its outbox row in one unit of work), relay the pending rows once, and say where the state, the outbox rows and
 * the relayed messages are. Return it from {@link TransactionalOutboxContract#adapter()}.
 *
 * <p>Where the relay hands its messages is your choice: a consumer of your own, or a stub of your broker's client
 * that writes each message it is given into a table of one of {@link #databases()}; {@link #delivered()} reads it.
 *
 * <pre>{@code
 * final class OrdersOutboxAdapter implements TransactionalOutboxAdapter {
 *     public List<String> databases() { return List.of("orders", "shipping"); }
 *
 *     public Producer start(Databases databases) {
 *         OrderService orders = new OrderService(Database.at(databases.url("orders")));
 *         OutboxRelay relay = new OutboxRelay(Database.at(databases.url("orders")),
 *                 new ShippingConsumer(Database.at(databases.url("shipping"))));
 *         return new Producer() {
 *             public void record(Intent intent) { orders.placeOrder(intent.key(), "alice", 1250); }
 *             public void relayOnce() { relay.publishPending(); }
 *         };
 *     }
 *
 *     public Query intents() { return Query.on("orders", "SELECT order_id FROM orders"); }
 *     public Query outboxRows() { return Query.on("orders", "SELECT order_id FROM outbox_message"); }
 *     public Query delivered() { return Query.on("shipping", "SELECT order_id FROM processed_message"); }
 * }
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface TransactionalOutboxAdapter extends ContractAdapter<TransactionalOutboxAdapter.Producer> {

    /** The business state: one row per intent recorded (an order), one column, the intent's key. */
    Query intents();

    /** The outbox: one row per outbox row, one column, the key of the intent it was written for. Rows the relay marked done stay. */
    Query outboxRows();

    /** What the relay handed on: one row per message received downstream, one column, the intent's key. */
    Query delivered();

    /** One process of the producer and its relay. */
    @API(status = EXPERIMENTAL, since = "0.1")
    interface Producer extends ContractProcess {

        /** Records the intent: its business state and its outbox row, in one unit of work. */
        void record(Intent intent) throws Exception;

        /** Hands every pending outbox row on once, marking each as your relay does; returns when done. */
        void relayOnce() throws Exception;
    }
}
