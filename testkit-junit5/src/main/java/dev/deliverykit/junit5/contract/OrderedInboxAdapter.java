package dev.deliverykit.junit5.contract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Maps the ordered inbox contract's words onto your consumer: receive an {@link InboxEvent} (store it durably),
 * apply what is ready, and say where the applied events and the blocked ones are. Return it from
 * {@link OrderedInboxContract#adapter()}.
 *
 * <pre>{@code
 * final class ShippingInboxAdapter implements OrderedInboxAdapter {
 *     public List<String> databases() { return List.of("shipping"); }
 *
 *     public Inbox start(Databases databases) {
 *         ShippingConsumer consumer = new ShippingConsumer(Database.at(databases.url("shipping")));
 *         return new Inbox() {
 *             public Received receive(InboxEvent event) { return received(consumer.handle(message(event))); }
 *             public void applyReady() {}                // shipping applies on arrival what is in sequence
 *         };
 *     }
 *
 *     public Query applied() {
 *         return Query.on("shipping", "SELECT order_id, step_seq FROM applied_step ORDER BY applied_order");
 *     }
 * }
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface OrderedInboxAdapter extends ContractAdapter<OrderedInboxAdapter.Inbox> {

    /**
     * The applied events: one row per event applied, two columns, its flow and its seq, ordered the way they were
     * applied ({@code ORDER BY} an increasing id).
     */
    Query applied();

    /**
     * The blocked events: one row per event the inbox holds and will not apply (an unsupported version, an invalid
     * payload), one column, its event id. Empty (default) for an inbox that never blocks, which then does not promise
     * {@link OrderedInboxContract#UNSUPPORTED_VERSION_BLOCKS}.
     */
    default Optional<Query> blocked() {
        return Optional.empty();
    }

    /** One process of the inbox. */
    @API(status = EXPERIMENTAL, since = "0.1")
    interface Inbox extends ContractProcess {

        /** Stores the arriving event, or says why not; an inbox that applies on arrival may apply it here too. */
        Received receive(InboxEvent event) throws Exception;

        /** Applies every stored event that is next in its flow, as your worker does; returns when nothing is ready. */
        void applyReady() throws Exception;
    }
}
