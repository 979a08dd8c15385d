package com.example.orders.crash;

import com.example.orders.Days;
import com.example.orders.OrderService;
import com.example.orders.OutboxRelay;
import com.example.orders.db.Database;
import com.example.orders.shipping.ShippingConsumer;
import dev.deliverykit.boundary.Instances;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.invariant.JdbcSource;
import dev.deliverykit.junit5.BoundaryCatalogueSource;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.ScheduleScenario;
import dev.deliverykit.junit5.ScheduleSweep;
import dev.deliverykit.junit5.SweepKind;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two replicas of the relay at once, as production runs them, in every schedule of the pipeline's boundaries within
 * one preemption: each order reaches shipping once, whichever relay sends it, as the consumer drops the second copy.
 */
@BoundaryCatalogueSource(value = OrderBoundaries.class, field = "PIPELINE")
class OrderPipelineInstancesTest {

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
    final Invariant everyOrderShipped = Invariants.noLostIntent("no order lost on its way to shipping")
            .intentsIn(orders, "orders", "order_id")
            .effectsIn(shipping, "shipment", "order_id");

    @ScheduleSweep(kinds = SweepKind.CATALOGUE, preemptionBound = 1)
    void everyOrderReachesShippingOnceWithTwoRelays(ScheduleScenario scenario) throws Exception {
        orderService().placeOrder("o-1", "alice", 1250);
        orderService().placeOrder("o-2", "bob", 990);

        scenario.run(
                Instances.of("relay-a", () -> relay().publishPending()).and("relay-b", () -> relay().publishPending()));
        scenario.restart(() -> relay().publishPending());
    }

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
