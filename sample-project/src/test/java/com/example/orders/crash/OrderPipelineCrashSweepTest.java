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
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.SweepKind;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole pipeline of one order, place + relay + consume, crashed at every commit and every write
 * statement it reaches, in this JVM and as a real process exit of a child JVM (one recording per mode, so that
 * the hit numbers of both are the same), and recovered the way the service recovers: the caller retries the order (it never
 * got an answer) and the relay runs again. After every recovery the order reached shipping exactly once: the
 * three {@link CheckInvariant} fields are checked after every invocation, the crash-free run included.
 *
 * <p>The same test against the relay as it was first written fails; see
 * {@link com.example.orders.before.MarkFirstRelayIsCaughtTest}.
 */
// tag::sweep-test[]
class OrderPipelineCrashSweepTest {

    static final Clock CLOCK = Days.clockOn(Days.DAY_ONE);

    @TempDir
    Path dir;

    // tag::invariants[]
    // tag::jdbc-source[]
    final JdbcSource orders =
            JdbcSource.url(() -> "jdbc:sqlite:" + dir.resolve("orders.db")).named("orders.db");
    // end::jdbc-source[]
    final JdbcSource shipping =
            JdbcSource.url(() -> "jdbc:sqlite:" + dir.resolve("shipping.db")).named("shipping.db");

    @CheckInvariant
    final Invariant exactlyOncePerMessage = Invariants.exactlyOncePerKey("exactly once per message")
            .intentsIn(orders, "outbox_message", "message_id")
            .effectsIn(shipping, "applied_step", "message_id");

    @CheckInvariant
    final Invariant everyOrderShipped = Invariants.noLostIntent("no order lost on its way to shipping")
            .intentsIn(orders, "orders", "order_id")
            .effectsIn(shipping, "shipment", "order_id");

    @CheckInvariant
    final Invariant orderAndMessageTogether = Invariants.stateAndOutboxTogether("order and its message together")
            .stateFrom(
                    orders,
                    "SELECT order_id, CASE status WHEN 'PLACED' THEN 1 WHEN 'PAID' THEN 2 ELSE 3 END" + " FROM orders")
            .outboxFrom(orders, "SELECT order_id, MAX(step_seq) FROM outbox_message GROUP BY order_id");
    // end::invariants[]

    // tag::sweep[]
    @CrashSweep(
            kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
            sql = "^(INSERT|UPDATE|DELETE)",
            mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
    void aPlacedOrderReachesShippingExactlyOnce(CrashScenario scenario) throws Exception {
        OrderService orderService = orderService();
        OutboxRelay relay = relay();

        scenario.run(
                () -> { // dies at this case's commit or statement
                    orderService.placeOrder("o-1", "alice", 1250);
                    relay.publishPending();
                });
        scenario.restart(
                () -> { // a fresh process: new objects, the same files
                    orderService().placeOrder("o-1", "alice", 1250); // the caller got no answer: it retries
                    relay().publishPending();
                });
    }
    // end::sweep[]

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
// end::sweep-test[]
