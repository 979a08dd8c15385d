package com.example.orders.crash;

import com.example.orders.Message;
import com.example.orders.OrderService;
import com.example.orders.db.Database;
import com.example.orders.db.Database.Work;
import com.example.orders.shipping.DedupCleanup;
import com.example.orders.shipping.ShippingConsumer;
import dev.deliverykit.boundary.BoundaryCatalogue;
import dev.deliverykit.boundary.Selector;

/**
 * The crash boundaries of the order service, named the way the team talks about them. Written in the tests
 * only: the service's main code knows nothing of the kit. Each boundary is a statement of the service's own
 * SQL or the exit of one of its methods.
 */
// tag::catalogue[]
public final class OrderBoundaries {

    /** Placing an order, shipping's transaction, and the relay's "published" mark. */
    public static final BoundaryCatalogue PIPELINE = BoundaryCatalogue.builder("order pipeline")
            .add("order.after-order-insert", Selector.afterStatement("^INSERT INTO orders"))
            .add("order.after-outbox-insert", Selector.afterStatement("^INSERT INTO outbox_message"))
            .add("order.after-commit", Selector.methodExit(OrderService.class, "placeOrder"))
            .add("shipping.after-dedup-insert", Selector.afterStatement("^INSERT INTO processed_message"))
            .add("shipping.after-commit", Selector.methodExit(ShippingConsumer.class, "handle", Message.class))
            .add("relay.after-published-mark", Selector.afterStatement("^UPDATE outbox_message SET published_at"))
            .build();

    /** The nightly dedup cleanup: seal a day, delete its dedup records, commit. */
    public static final BoundaryCatalogue CLEANUP = BoundaryCatalogue.builder("dedup cleanup")
            .add("cleanup.after-seal-insert", Selector.afterStatement("^INSERT INTO dedup_epoch_seal"))
            .add("cleanup.after-record-delete", Selector.afterStatement("^DELETE FROM processed_message"))
            .add("cleanup.after-commit", Selector.methodExit(DedupCleanup.class, "sealThrough"))
            .build();

    /**
     * Where a relay's replica stands between two units of work: each transaction returned and its connection closed,
     * so it holds no lock (sqlite-jdbc begins the next transaction right after a commit, until the connection
     * closes). A pause there lets its lease run out while the other replicas carry on.
     */
    public static final BoundaryCatalogue BETWEEN_TRANSACTIONS = BoundaryCatalogue.builder("between transactions")
            .add("after-transaction", Selector.methodExit(Database.class, "inTransaction", String.class, Work.class))
            .build();

    private OrderBoundaries() {}
}
// end::catalogue[]
