package dev.deliverykit.subjects.dbscheduler;

import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.invariant.JdbcSource;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.subjects.dbscheduler.SchedulerShop.Runner;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/**
 * One order placed on the db-scheduler shop by a process that dies at the case's crash, then a fresh process that
 * revives and runs what is left; the three invariants below, read back with plain JDBC, are checked after every case
 * (the crash-free one too). A test names its sweep.
 */
abstract class SchedulerSweep {

    @TempDir
    Path dir;

    final JdbcSource shop = JdbcSource.url(() -> SchedulerShop.url(dir)).named("shop");

    @CheckInvariant
    final Invariant shippedExactlyOnce = Invariants.exactlyOncePerKey("every order shipped exactly once")
            .intentsIn(shop, "orders", "order_id")
            .effectsIn(shop, "shipment", "order_id");

    @CheckInvariant
    final Invariant shipmentsAgreeWithOrders = Invariants.noRows(
            "shipments agree with orders",
            shop,
            "SELECT s.order_id FROM shipment s LEFT JOIN orders o ON o.order_id = s.order_id"
                    + " WHERE o.order_id IS NULL OR o.amount_cents <> s.amount_cents",
            "a shipment without its order, or for another amount");

    @CheckInvariant
    final Invariant noExecutionLeft = Invariants.noRows(
            "no execution left",
            shop,
            "SELECT task_instance FROM scheduled_tasks",
            "an execution the recovery left scheduled");

    private final Shipping shipping;

    SchedulerSweep(Shipping shipping) {
        this.shipping = shipping;
    }

    void placeCrashAndRecover(CrashScenario scenario, Runner runner) throws Exception {
        scenario.run(() -> SchedulerShop.placeOrder(dir, shipping, runner, "o-1", 1250)); // dies at the case's crash
        scenario.restart(() -> SchedulerShop.recover(dir, shipping)); // a fresh process on the same file
    }
}
