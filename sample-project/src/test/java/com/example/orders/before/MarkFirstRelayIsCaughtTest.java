package com.example.orders.before;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.example.orders.Days;
import com.example.orders.OrderService;
import com.example.orders.db.Database;
import com.example.orders.shipping.ShippingConsumer;
import dev.deliverykit.CrashMode;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.invariant.JdbcSource;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.DeliveryKitConfiguration;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The proof that the kit catches the bug of the relay as it was first written: the crash sweep of
 * {@link com.example.orders.crash.OrderPipelineCrashSweepTest}, unchanged but for the relay, runs against
 * {@link MarkFirstOutboxRelay} through the JUnit Platform (EngineTestKit), and fails exactly in the window
 * between the relay's "published" commit and the consumer's commit, with the message this test pins down.
 *
 * <p>Once the failure is checked, this test prints it to standard output, so that whoever runs the sample sees
 * what the kit reports; the fixture's full crash report is written to {@code target/deliverykit/mark-first/}.
 */
class MarkFirstRelayIsCaughtTest {

    /** Where the fixture's report goes: next to the report of the real run, relative to the module. */
    static final Path REPORT_DIR = Path.of("target", "deliverykit", "mark-first");

    /** The pipeline sweep against the "before" relay. Fails on purpose: run only by the test below. */
    @CrashTestKitOnly
    static class MarkFirstPipeline {

        static final Clock CLOCK = Days.clockOn(Days.DAY_ONE);

        @TempDir
        Path dir;

        final JdbcSource orders =
                JdbcSource.url(() -> "jdbc:sqlite:" + dir.resolve("orders.db")).named("orders.db");
        final JdbcSource shipping = JdbcSource.url(() -> "jdbc:sqlite:" + dir.resolve("shipping.db"))
                .named("shipping.db");

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
                        "SELECT order_id, CASE status WHEN 'PLACED' THEN 1 WHEN 'PAID' THEN 2 ELSE 3 END"
                                + " FROM orders")
                .outboxFrom(orders, "SELECT order_id, MAX(step_seq) FROM outbox_message GROUP BY order_id");

        @CrashSweep(
                kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
                sql = "^(INSERT|UPDATE|DELETE)",
                mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
        void aPlacedOrderReachesShippingExactlyOnce(CrashScenario scenario) throws Exception {
            OrderService orderService = orderService();
            MarkFirstOutboxRelay relay = relay();

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

        private MarkFirstOutboxRelay relay() {
            return new MarkFirstOutboxRelay(
                    Database.sqlite(dir.resolve("orders.db")),
                    new ShippingConsumer(Database.sqlite(dir.resolve("shipping.db"))),
                    CLOCK);
        }
    }

    @Test
    void theSweepFailsBetweenThePublishedMarkAndTheConsumersCommitAndNowhereElse() throws IOException {
        // through the JUnit Platform (EngineTestKit), the way Maven or an IDE runs it: at every point, then pruned
        CrashTestResults everyPoint = CrashTestKit.reportingTo(REPORT_DIR.resolveSibling("mark-first-exhaustive"))
                .with(DeliveryKitConfiguration.SWEEP_EXHAUSTIVE, "true")
                .run(MarkFirstPipeline.class);
        CrashTestResults results = CrashTestKit.reportingTo(REPORT_DIR).run(MarkFirstPipeline.class);

        List<String> window = List.of(
                "crash after commit #1 in MarkFirstOutboxRelay.publishPending (via Database.inTransaction)",
                "crash before statement \"INSERT INTO processed_message(message_id, order_…\" #1 in ShippingConsumer.insert",
                "crash after statement \"INSERT INTO processed_message(message_id, order_…\" #1 in ShippingConsumer.insert",
                "crash before statement \"INSERT INTO shipment(order_id, customer, amount_…\" #1 in ShippingConsumer.apply",
                "crash after statement \"INSERT INTO shipment(order_id, customer, amount_…\" #1 in ShippingConsumer.apply",
                "crash before statement \"INSERT INTO order_progress(order_id, last_step, …\" #1 in ShippingConsumer.apply",
                "crash after statement \"INSERT INTO order_progress(order_id, last_step, …\" #1 in ShippingConsumer.apply",
                "crash before statement \"INSERT INTO applied_step(order_id, step_seq, mes…\" #1 in ShippingConsumer.apply",
                "crash after statement \"INSERT INTO applied_step(order_id, step_seq, mes…\" #1 in ShippingConsumer.apply",
                "crash before commit #1 in ShippingConsumer.handle (via Database.inTransaction)");
        List<String> failedAtEveryPoint = new ArrayList<>(window);
        window.forEach(name -> failedAtEveryPoint.add(name + " (child JVM)")); // the same, as real process exits
        assertThat(everyPoint)
                .hasNumberOfFailedContainers(0)
                .hasNumberOfStartedCases(42)
                .hasNumberOfSucceededCases(22)
                .hasNumberOfAbortedCases(0);
        assertThat(withoutNumbers(everyPoint.failedCases())).isEqualTo(failedAtEveryPoint);

        // Pruned: fewer cases, and the failed ones stand for exactly the points that fail when every point is crashed.
        List<String> failed = withoutNumbers(results.failedCases());
        List<String> standingFor = new ArrayList<>();
        results.failedCases().forEach(name -> {
            String point = withoutNumber(name);
            standingFor.add(point);
            String mode = point.endsWith(CHILD) ? CHILD : "";
            results.equivalentsOf(name).forEach(equivalent -> standingFor.add("crash " + equivalent + mode));
        });
        assertThat(standingFor).isEqualTo(failedAtEveryPoint);
        assertThat(results).hasNumberOfFailedContainers(0).hasNumberOfAbortedCases(0);
        assertThat(results.startedCases()).hasSizeLessThan(42);
        assertThat(failed).hasSizeLessThan(20).contains(window.get(0), window.get(0) + CHILD);
        String firstFailure = failureMessage(results, results.failedCases().get(0));
        assertThat(firstFailure).isEqualTo(expected("mark-first-failure.txt", firstFailure));
        assertThat(results.failedCases())
                .allSatisfy(name -> assertThat(failureMessage(results, name))
                        .contains("\n    o-1:placed: found 0 effects, expected exactly 1\n")
                        .contains("\n    o-1: found 0 effects, expected at least 1\n")
                        .contains("\nReplay only this case: -Ddeliverykit.replay='"));

        long inThisJvm = failed.stream().filter(name -> !name.endsWith(CHILD)).count();
        System.out.println(
                "\nThe same sweep against the \"before\" relay, com.example.orders.before.MarkFirstOutboxRelay,"
                        + " run by MarkFirstRelayIsCaughtTest:\n" + failed.size() + " of "
                        + (results.startedCases().size())
                        + " cases fail, " + inThisJvm + " in this JVM and " + (failed.size() - inThisJvm)
                        + " as real process exits, as they should: this is the bug the kit is there to catch. They stand"
                        + " for the 20 of 42 cases that fail when the sweep crashes at every point, and the test checks"
                        + " exactly these failures both ways. The first one, as the kit reports it:\n\n"
                        + firstFailure
                        + "\n\nIts crash report: "
                        + REPORT_DIR.resolve("report.html").toAbsolutePath());
    }

    private static final String CHILD = " (child JVM)";

    /** {@code crash after commit #2 in ...} for {@code [11] crash after commit #2 in ...}. */
    private static String withoutNumber(String displayName) {
        return displayName.substring(displayName.indexOf("] ") + 2);
    }

    private static List<String> withoutNumbers(List<String> displayNames) {
        return displayNames.stream()
                .map(MarkFirstRelayIsCaughtTest::withoutNumber)
                .toList();
    }

    private static String failureMessage(CrashTestResults results, String displayName) {
        return assertThat(results).hasFailedCase(displayName).failure().getMessage();
    }

    /**
     * The pinned message; with {@code -Dsample.messages.update=true} (as in {@code KitErrorMessagesTest}) first
     * rewritten from {@code actual}: review the diff, and copy it into {@code docs/invariants.md},
     * {@code docs/main-job.md} and the README.
     */
    static String expected(String name, String actual) throws IOException {
        if (Boolean.getBoolean("sample.messages.update")) {
            Files.writeString(
                    Path.of("src/test/resources/com/example/orders/before", name),
                    actual + "\n",
                    StandardCharsets.UTF_8);
            return actual;
        }
        try (InputStream in = MarkFirstRelayIsCaughtTest.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + name + " next to MarkFirstRelayIsCaughtTest;"
                        + " create it with -Dsample.messages.update=true");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).stripTrailing();
        }
    }
}
