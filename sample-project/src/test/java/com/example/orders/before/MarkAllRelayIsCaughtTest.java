package com.example.orders.before;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.example.orders.Days;
import com.example.orders.OrderService;
import com.example.orders.crash.OrderBoundaries;
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
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The proof that a bug between instances is caught: the order service and {@link MarkAllOutboxRelay} run at once, as
 * they do in production, in every schedule of the pipeline's boundaries within one preemption. When the service
 * commits order o-2 between the relay's
 * read and its "mark everything published", o-2 is marked published without ever being sent. The test prints the
 * first failure.
 */
class MarkAllRelayIsCaughtTest {

    static final Path REPORT_DIR = Path.of("target", "deliverykit", "mark-all");

    /** The service and the mark-all relay as two instances. Fails on purpose: run only by the test below. */
    @CrashTestKitOnly
    @BoundaryCatalogueSource(value = OrderBoundaries.class, field = "PIPELINE")
    static class MarkAllPipeline {

        static final Clock CLOCK = Days.clockOn(Days.DAY_ONE);

        @TempDir
        Path dir;

        final JdbcSource orders =
                JdbcSource.url(() -> "jdbc:sqlite:" + dir.resolve("orders.db")).named("orders.db");
        final JdbcSource shipping = JdbcSource.url(() -> "jdbc:sqlite:" + dir.resolve("shipping.db"))
                .named("shipping.db");

        @CheckInvariant
        final Invariant everyOrderShipped = Invariants.noLostIntent("no order lost on its way to shipping")
                .intentsIn(orders, "orders", "order_id")
                .effectsIn(shipping, "shipment", "order_id");

        @ScheduleSweep(kinds = SweepKind.CATALOGUE, preemptionBound = 1)
        void everyPlacedOrderReachesShipping(ScheduleScenario scenario) throws Exception {
            orderService().placeOrder("o-1", "alice", 1250);

            scenario.run(Instances.of("orders", () -> orderService().placeOrder("o-2", "bob", 990))
                    .and("relay", () -> relay().publishPending()));
            scenario.restart(() -> relay().publishPending());
        }

        private OrderService orderService() {
            return new OrderService(Database.sqlite(dir.resolve("orders.db")), CLOCK);
        }

        private MarkAllOutboxRelay relay() {
            return new MarkAllOutboxRelay(
                    Database.sqlite(dir.resolve("orders.db")),
                    new ShippingConsumer(Database.sqlite(dir.resolve("shipping.db"))),
                    CLOCK);
        }
    }

    @Test
    void anOrderPlacedWhileTheRelayDeliversIsMarkedPublishedUnsentAndCaught() throws IOException {
        CrashTestResults results = CrashTestKit.reportingTo(REPORT_DIR).run(MarkAllPipeline.class);

        assertThat(results).hasNumberOfStartedCases(8).hasNumberOfFailedCases(4);
        assertThat(results).hasNumberOfFailedContainers(0).hasNumberOfAbortedCases(0);
        assertThat(results.failedCases())
                .containsExactly(
                        "[4] schedule orders to order.after-outbox-insert #1 in Outbox.add, relay to the end, orders to"
                                + " the end",
                        "[5] schedule orders to order.after-order-insert #1 in OrderService.placeOrder, relay to the"
                                + " end, orders to the end",
                        "[6] schedule relay to shipping.after-dedup-insert #1 in ShippingConsumer.insert, orders to the"
                                + " end, relay to the end",
                        "[7] schedule relay to shipping.after-commit #1 in ShippingConsumer.handle, orders to the end,"
                                + " relay to the end");
        String first = results.failedCases().get(2);
        String firstFailure = assertThat(results).hasFailedCase(first).failure().getMessage();
        assertThat(firstFailure).isEqualTo(MarkFirstRelayIsCaughtTest.expected("mark-all-failure.txt", firstFailure));

        System.out.println(
                "\nThe service and a third \"before\" relay, com.example.orders.before.MarkAllOutboxRelay, run"
                        + " at once as two instances in every schedule of the pipeline's boundaries by"
                        + " MarkAllRelayIsCaughtTest:\n"
                        + results.failedCases().size() + " of "
                        + results.startedCases().size() + " schedules fail, as they"
                        + " should: an order committed between the relay's read and its \"mark everything published\" is"
                        + " marked published without being sent. Every single-instance test of this relay passes. One of"
                        + " them, as the kit reports it:\n\n"
                        + firstFailure
                        + "\n\nIts crash report: "
                        + REPORT_DIR.resolve("report.html").toAbsolutePath());
    }
}
