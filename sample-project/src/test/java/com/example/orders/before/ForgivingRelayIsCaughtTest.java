package com.example.orders.before;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.example.orders.Days;
import com.example.orders.OrderService;
import com.example.orders.db.Database;
import com.example.orders.shipping.ShippingConsumer;
import dev.deliverykit.CrashMode;
import dev.deliverykit.Fault;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.invariant.JdbcSource;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The proof that injected failures find a bug no crash can: the pipeline's sweep over every commit, with crashes and
 * injected failures, in this JVM and as real process exits, against {@link ForgivingOutboxRelay}. Every crash passes,
 * as it should (a dead process runs no catch block); the failure of the consumer's commit, which the relay swallows
 * before marking the message published, loses the order in both modes. The test prints the first failure.
 */
class ForgivingRelayIsCaughtTest {

    static final Path REPORT_DIR = Path.of("target", "deliverykit", "forgiving");

    /** The pipeline swept with crashes and failures against the forgiving relay. Run only by the test below. */
    @CrashTestKitOnly
    static class ForgivingPipeline {

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

        @CrashSweep(
                kinds = SweepKind.COMMITS,
                faults = {Fault.CRASH, Fault.FAILURE},
                mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
        void aPlacedOrderReachesShipping(CrashScenario scenario) throws Exception {
            OrderService orderService = orderService();
            ForgivingOutboxRelay relay = relay();

            scenario.run(() -> {
                orderService.placeOrder("o-1", "alice", 1250);
                relay.publishPending();
            });
            scenario.restart(() -> {
                orderService().placeOrder("o-1", "alice", 1250);
                relay().publishPending();
            });
        }

        private OrderService orderService() {
            return new OrderService(Database.sqlite(dir.resolve("orders.db")), CLOCK);
        }

        private ForgivingOutboxRelay relay() {
            return new ForgivingOutboxRelay(
                    Database.sqlite(dir.resolve("orders.db")),
                    new ShippingConsumer(Database.sqlite(dir.resolve("shipping.db"))),
                    CLOCK);
        }
    }

    @Test
    void everyCrashPassesAndTheFailedDeliveryMarkedPublishedIsCaughtInBothModes() throws IOException {
        CrashTestResults results = CrashTestKit.reportingTo(REPORT_DIR).run(ForgivingPipeline.class);

        assertThat(results).hasNumberOfStartedCases(26).hasNumberOfSucceededCases(24);
        assertThat(results.failedCases())
                .containsExactly(
                        "[10] fail before commit #1 in ShippingConsumer.handle (via Database.inTransaction)",
                        "[23] fail before commit #1 in ShippingConsumer.handle (via Database.inTransaction) (child JVM)");
        assertThat(results).hasNumberOfFailedContainers(0).hasNumberOfAbortedCases(0);
        String firstFailure = assertThat(results)
                .hasFailedCase(results.failedCases().get(0))
                .failure()
                .getMessage();
        assertThat(firstFailure).isEqualTo(MarkFirstRelayIsCaughtTest.expected("forgiving-failure.txt", firstFailure));

        List<String> failed = results.failedCases();
        long crashes = results.startedCases().stream()
                .filter(name -> name.contains("] crash "))
                .count();
        long failures = results.startedCases().stream()
                .filter(name -> name.contains("] fail "))
                .count();
        System.out.println("\nThe same pipeline with crashes and injected failures against a second \"before\" relay,"
                + " com.example.orders.before.ForgivingOutboxRelay, run by ForgivingRelayIsCaughtTest:\n"
                + "all " + crashes + " crash cases pass, as they should (a dead process runs no catch block), and "
                + failed.size() + " of " + failures + " failure cases fail, one in this JVM and one as a real process"
                + " exit: the consumer's commit failed while the process lived on, and the relay marked the message"
                + " published anyway. The first one, as the kit reports it:\n\n"
                + firstFailure
                + "\n\nIts crash report: "
                + REPORT_DIR.resolve("report.html").toAbsolutePath());
    }
}
