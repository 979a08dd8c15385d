package dev.deliverykit.junit5.contract;

/**
 * Where events arrive at an ordered inbox in the arrival-order checks: the {@link dev.deliverykit.junit5.DeliverInOrder}
 * entry point of {@link OrderedInboxContract}, so that the kit forces the order in which {@link #arrive} bodies run.
 * Each arrival is a delivery as a broker makes it: the inbox stores the event, then applies what is ready.
 */
final class InboxArrivals {

    /** The entry point, as {@code @DeliverInOrder} names it. */
    static final String ENTRY_POINT =
            "dev.deliverykit.junit5.contract.InboxArrivals" + "#arrive(dev.deliverykit.junit5.contract.InboxEvent)";

    private final OrderedInboxAdapter.Inbox inbox;

    InboxArrivals(OrderedInboxAdapter.Inbox inbox) {
        this.inbox = inbox;
    }

    /** One delivery of {@code event}: stored, then whatever is ready applied; what the inbox answered. */
    Received arrive(InboxEvent event) throws Exception {
        Received received = inbox.receive(event);
        inbox.applyReady();
        return received;
    }
}
