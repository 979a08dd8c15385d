package com.example.setup;

import dev.deliverykit.CrashMode;
import dev.deliverykit.Fault;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.invariant.JdbcSource;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.CrashAt;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.SweepKind;
import java.nio.file.Path;
import java.sql.SQLException;
import org.junit.jupiter.api.io.TempDir;

// tag::crash-test[]
class OrderReachesShippingCrashTest {

    @TempDir
    Path dir;

    final JdbcSource orders =
            JdbcSource.url(() -> "jdbc:sqlite:" + dir.resolve("orders.db")).named("orders.db");
    final JdbcSource shipping =
            JdbcSource.url(() -> "jdbc:sqlite:" + dir.resolve("shipping.db")).named("shipping.db");

    @CheckInvariant
    final Invariant shippedOnce = Invariants.exactlyOncePerKey("every message shipped exactly once")
            .intentsIn(orders, "outbox", "message_id")
            .effectsIn(shipping, "shipment", "message_id");

    @CheckInvariant
    final Invariant noOrderLost = Invariants.noLostIntent("no order lost on its way to shipping")
            .intentsIn(orders, "orders", "order_id")
            .effectsIn(shipping, "shipment", "order_id");

    @CrashSweep(
            kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
            sql = "^(INSERT|UPDATE|DELETE)",
            mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
    void aPlacedOrderIsShippedExactlyOnce(CrashScenario scenario) throws Exception {
        scenario.run(this::placeOrderAndRelay); // dies at this case's commit or statement
        scenario.restart(this::placeOrderAndRelay); // a fresh process on the same files: the caller retries
    } // then both @CheckInvariant fields are checked

    @CrashAt(
            selector = "method-entry:com.example.setup.ShippingInbox#receive(java.lang.String,java.lang.String)",
            mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
    void aCrashBeforeDeliveryLosesNoMessage(CrashScenario scenario) throws Exception {
        scenario.run(this::placeOrderAndRelay);
        scenario.restart(this::placeOrderAndRelay);
    }

    @CrashSweep(
            kinds = SweepKind.COMMITS,
            faults = Fault.FAILURE,
            mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
    void aFailedCommitLosesNoOrder(CrashScenario scenario) throws Exception {
        scenario.run(this::placeOrderAndRelay); // the call at this case's commit fails; the process lives on
        scenario.restart(this::placeOrderAndRelay);
    }

    /** The code under test, with new objects each time: nothing of a crashed run is reused. */
    void placeOrderAndRelay() throws SQLException {
        new OrderService(dir.resolve("orders.db")).placeOrder("o-1", "alice", 1250);
        relay().relayPending();
    }

    OutboxRelay relay() throws SQLException {
        return new OutboxRelay(dir.resolve("orders.db"), new ShippingInbox(dir.resolve("shipping.db")));
    }
}
// end::crash-test[]
