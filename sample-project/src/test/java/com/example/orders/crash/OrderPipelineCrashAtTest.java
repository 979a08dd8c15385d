package com.example.orders.crash;

import com.example.orders.Days;
import com.example.orders.OrderService;
import com.example.orders.OutboxRelay;
import com.example.orders.db.Database;
import com.example.orders.shipping.ShippingConsumer;
import dev.deliverykit.CrashMode;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.invariant.JdbcSource;
import dev.deliverykit.junit5.BoundaryCatalogueSource;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.CrashAt;
import dev.deliverykit.junit5.CrashScenario;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pipeline crashed at the boundaries the team named in {@link OrderBoundaries#PIPELINE}, from one source in
 * both modes: in this JVM, and as a real process exit (a child JVM, this JVM reborn, reruns the test up to
 * {@code scenario.run}, runs the workload and halts with exit code 73 at the boundary: nothing after it runs, not
 * even {@code finally} blocks). The two invariants are checked after every case ({@link CheckInvariant}).
 */
// tag::crash-at-test[]
@BoundaryCatalogueSource(value = OrderBoundaries.class, field = "PIPELINE")
class OrderPipelineCrashAtTest {

    static final Clock CLOCK = Days.clockOn(Days.DAY_ONE);

    @TempDir
    Path dir;

    final JdbcSource orders =
            JdbcSource.url(() -> "jdbc:sqlite:" + dir.resolve("orders.db")).named("orders.db");
    final JdbcSource shipping =
            JdbcSource.url(() -> "jdbc:sqlite:" + dir.resolve("shipping.db")).named("shipping.db");

    @CheckInvariant
    final Invariant exactlyOncePerMessage = Invariants.exactlyOncePerKey("exactly once per message")
            .intentsIn(orders, "outbox_message", "message_id")
            .effectsIn(shipping, "applied_step", "message_id");

    @CheckInvariant
    final Invariant orderAndMessageTogether = Invariants.stateAndOutboxTogether("order and its message together")
            .stateFrom(
                    orders,
                    "SELECT order_id, CASE status WHEN 'PLACED' THEN 1 WHEN 'PAID' THEN 2 ELSE 3 END" + " FROM orders")
            .outboxFrom(orders, "SELECT order_id, MAX(step_seq) FROM outbox_message GROUP BY order_id");

    @CrashAt(
            value = {
                "order.after-order-insert", "order.after-outbox-insert", "order.after-commit",
                "shipping.after-dedup-insert", "shipping.after-commit", "relay.after-published-mark"
            },
            mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
    void aPlacedOrderReachesShippingExactlyOnce(CrashScenario scenario) throws Exception {
        scenario.run(
                () -> { // dies at the boundary: in this JVM, or in a child JVM that really exits
                    orderService().placeOrder("o-1", "alice", 1250);
                    relay().publishPending();
                });
        scenario.restart(
                () -> { // a fresh process on the same files
                    orderService().placeOrder("o-1", "alice", 1250);
                    relay().publishPending();
                });
    } // then both @CheckInvariant fields are checked

    private OrderService orderService() {
        return new OrderService(Database.sqlite(dir.resolve("orders.db")), CLOCK);
    }

    private OutboxRelay relay() {
        return new OutboxRelay(
                Database.sqlite(dir.resolve("orders.db")),
                new ShippingConsumer(Database.sqlite(dir.resolve("shipping.db"))),
                CLOCK);
    }
}
// end::crash-at-test[]
