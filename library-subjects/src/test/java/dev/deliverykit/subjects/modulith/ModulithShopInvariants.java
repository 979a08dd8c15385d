package dev.deliverykit.subjects.modulith;

import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.invariant.JdbcSource;
import java.nio.file.Path;
import java.util.function.Supplier;

/** What must hold on the shop's database after any crash and its recovery, read back with plain JDBC. */
final class ModulithShopInvariants {

    private ModulithShopInvariants() {}

    static JdbcSource shop(Supplier<Path> dir) {
        return JdbcSource.url(() -> ModulithShop.url(dir.get())).named("shop");
    }

    /** Every order saved is shipped, and exactly once. */
    static Invariant shippedExactlyOnce(Supplier<Path> dir) {
        return Invariants.exactlyOncePerKey("every order shipped exactly once")
                .intentsIn(shop(dir), "orders", "order_id")
                .effectsIn(shop(dir), "shipment", "order_id");
    }

    /** Every shipment is of an order saved, for its amount. */
    static Invariant shipmentsAgreeWithOrders(Supplier<Path> dir) {
        return Invariants.noRows(
                "shipments agree with orders",
                shop(dir),
                "SELECT s.order_id FROM shipment s LEFT JOIN orders o ON o.order_id = s.order_id"
                        + " WHERE o.order_id IS NULL OR o.amount_cents <> s.amount_cents",
                "a shipment without its order, or for another amount");
    }

    /** After recovery, no publication is left incomplete: Modulith completed every event it stored. */
    static Invariant everyPublicationCompleted(Supplier<Path> dir) {
        return Invariants.noRows(
                "every publication completed",
                shop(dir),
                "SELECT listener_id FROM event_publication WHERE completion_date IS NULL",
                "an event publication the recovery left incomplete");
    }
}
