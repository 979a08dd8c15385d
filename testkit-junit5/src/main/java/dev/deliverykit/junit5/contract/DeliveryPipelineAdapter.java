package dev.deliverykit.junit5.contract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Maps the whole pipeline (producer, relay, receiver) onto your services for the end-to-end checks: submit an
 * {@link Intent}, relay what is pending, and say where the recorded intents and the receiver's effects are. Return it
 * from {@link DeliveryPipelineContract#adapter()}.
 *
 * <pre>{@code
 * final class OrderPipelineAdapter implements DeliveryPipelineAdapter {
 *     public List<String> databases() { return List.of("orders", "shipping"); }
 *
 *     public Pipeline start(Databases databases) {
 *         OrderService orders = new OrderService(Database.at(databases.url("orders")));
 *         OutboxRelay relay = new OutboxRelay(Database.at(databases.url("orders")),
 *                 new ShippingConsumer(Database.at(databases.url("shipping"))));
 *         return new Pipeline() {
 *             public void submit(Intent intent) { orders.placeOrder(intent.key(), "alice", 1250); }
 *             public void relayPending() { relay.publishPending(); }
 *         };
 *     }
 *
 *     public Query intents() { return Query.on("orders", "SELECT message_id FROM outbox_message"); }
 *     public Query effects() { return Query.on("shipping", "SELECT message_id FROM applied_step"); }
 * }
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface DeliveryPipelineAdapter extends ContractAdapter<DeliveryPipelineAdapter.Pipeline> {

    /** The recorded intents: one row per message the producer recorded to deliver, its key columns. */
    Query intents();

    /** The receiver's effects: one row per effect, the same key columns as {@link #intents()}. */
    Query effects();

    /** One process of the producer and its relay, talking to the receiver. */
    @API(status = EXPERIMENTAL, since = "0.1")
    interface Pipeline extends ContractProcess {

        /** Submits the intent as a caller does: records it, and delivers it if your producer delivers at once. */
        void submit(Intent intent) throws Exception;

        /** Relays every pending message once, as your relay's scheduled run does (after a restart: recovery). */
        void relayPending() throws Exception;
    }
}
