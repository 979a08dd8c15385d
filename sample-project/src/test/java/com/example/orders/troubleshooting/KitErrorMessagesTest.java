package com.example.orders.troubleshooting;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.example.orders.Days;
import com.example.orders.Message;
import com.example.orders.OrderService;
import com.example.orders.OrderStep;
import com.example.orders.OutboxRelay;
import com.example.orders.crash.OrderBoundaries;
import com.example.orders.db.Database;
import com.example.orders.shipping.DedupCleanup;
import com.example.orders.shipping.ShippingConsumer;
import dev.deliverykit.CrashMode;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.InvariantDefinitionException;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.invariant.JdbcSource;
import dev.deliverykit.junit5.BoundaryCatalogueSource;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.CrashAt;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.DeliverInOrder;
import dev.deliverykit.junit5.DeliveryKitConfiguration;
import dev.deliverykit.junit5.DeliveryScenario;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.io.TempDir;

/**
 * The error messages a user of the kit meets most, produced by real mistakes in small test classes run
 * through the JUnit Platform, and pinned here word for word: {@code docs/troubleshooting.md} shows these
 * very texts (its snippet comments name the resource files, and {@code DocSnippetsTest} compares them).
 *
 * <p>After an intended change of a message, rerun with {@code -Dsample.messages.update=true} to rewrite the
 * resource files, and review the diff.
 */
class KitErrorMessagesTest {

    static final Clock CLOCK = Days.clockOn(Days.DAY_ONE);
    static final Message PLACED = Message.of("o-1", OrderStep.PLACED, "alice", 1250, Days.DAY_ONE);

    @TempDir
    Path reports;

    @CrashTestKitOnly
    @BoundaryCatalogueSource(value = OrderBoundaries.class, field = "CLEANUP")
    static class MisspeltBoundary {
        @CrashAt("cleanup.after-seal-insret")
        void cleanupSurvives(CrashScenario scenario, @TempDir Path dir) {
            scenario.run(() -> sealDayOne(dir));
        }
    }

    @CrashTestKitOnly
    @BoundaryCatalogueSource(value = OrderBoundaries.class, field = "CLEANUP")
    static class BoundaryNeverReached {
        @CrashAt(value = "cleanup.after-record-delete", occurrence = 2)
        void cleanupSurvives(CrashScenario scenario, @TempDir Path dir) {
            new ShippingConsumer(Database.sqlite(dir.resolve("shipping.db"))).handle(PLACED);
            scenario.run(() -> sealDayOne(dir));
        }
    }

    @CrashTestKitOnly
    static class CrashCaughtByTheWorkload {
        @CrashAt(selector = "after-statement:^INSERT INTO outbox_message")
        void placeOrderSurvives(CrashScenario scenario, @TempDir Path dir) {
            OrderService orders = new OrderService(Database.sqlite(dir.resolve("orders.db")), CLOCK);
            List<Throwable> retryLater = new ArrayList<>();
            scenario.run(() -> {
                try {
                    orders.placeOrder("o-1", "alice", 1250);
                } catch (Throwable everything) { // catches the kit's SimulatedCrash too
                    retryLater.add(everything);
                }
            });
        }
    }

    @CrashTestKitOnly
    static class MessageNeverSent {
        @DeliverInOrder(
                entryPoint = "com.example.orders.shipping.ShippingConsumer#handle(com.example.orders.Message)",
                messageId = "messageId",
                orders = "o-1:placed,o-1:paid")
        void shippingAppliesInOrder(DeliveryScenario scenario, @TempDir Path dir) throws Exception {
            ShippingConsumer consumer = new ShippingConsumer(Database.sqlite(dir.resolve("shipping.db")));
            scenario.deliver(() -> consumer.handle(PLACED));
        }
    }

    @CrashTestKitOnly
    static class MessageTheWorkloadNeverSends {
        @DeliverInOrder(
                entryPoint = "com.example.orders.shipping.ShippingConsumer#handle(com.example.orders.Message)",
                messageId = "messageId",
                messages = {"o-1:placed", "o-1:paid"},
                orders = "o-1:placed,o-1:payed")
        void shippingAppliesInOrder(DeliveryScenario scenario, @TempDir Path dir) throws Exception {
            ShippingConsumer consumer = new ShippingConsumer(Database.sqlite(dir.resolve("shipping.db")));
            scenario.deliver(() -> consumer.handle(PLACED));
        }
    }

    @CrashTestKitOnly
    @BoundaryCatalogueSource(value = OrderBoundaries.class, field = "CLEANUP")
    static class ScenarioOnAPlainTest {
        @Test
        void cleanupSurvives(CrashScenario scenario) {
            scenario.run(() -> {});
        }
    }

    @CrashTestKitOnly
    static class MisspeltTableInAnInvariant {
        @TempDir
        Path dir;

        final JdbcSource shipping = JdbcSource.url(() -> "jdbc:sqlite:" + dir.resolve("shipping.db"))
                .named("shipping.db");

        @CheckInvariant
        final Invariant atMostOnce = Invariants.atMostOncePerKey().effectsIn(shipping, "applied_steps", "message_id");

        @CrashAt(selector = "after-commit")
        void shippingSurvives(CrashScenario scenario) {
            ShippingConsumer consumer = new ShippingConsumer(Database.sqlite(dir.resolve("shipping.db")));
            scenario.run(() -> consumer.handle(PLACED));
        }
    }

    /** A database outside the case's {@code @TempDir}, whose files the kit does not set apart for the child. */
    static final Path STOCK = Path.of("target", "kit-error-messages", "stock.db");

    @CrashTestKitOnly
    static class FixtureWrittenTwice {
        @CrashAt(selector = "after-commit", mode = CrashMode.CHILD_PROCESS)
        void shippingSurvives(CrashScenario scenario, @TempDir Path dir) throws SQLException {
            // The fixture runs in the child JVM again, where P-7 is stocked already: it belongs in scenario.prepare.
            try (Connection stock = DriverManager.getConnection("jdbc:sqlite:" + STOCK);
                    Statement statement = stock.createStatement()) {
                statement.execute("CREATE TABLE IF NOT EXISTS stock (sku TEXT PRIMARY KEY, units INTEGER NOT NULL)");
                statement.execute("INSERT INTO stock (sku, units) VALUES ('P-7', 3)");
            }
            scenario.run(() -> new ShippingConsumer(Database.sqlite(dir.resolve("shipping.db"))).handle(PLACED));
        }
    }

    @CrashTestKitOnly
    static class SweepOverItsCap {
        @CrashSweep(
                kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
                maxCases = 10)
        void pipelineSurvives(CrashScenario scenario, @TempDir Path dir) {
            Database orderDb = Database.sqlite(dir.resolve("orders.db"));
            OrderService orders = new OrderService(orderDb, CLOCK);
            OutboxRelay relay =
                    new OutboxRelay(orderDb, new ShippingConsumer(Database.sqlite(dir.resolve("shipping.db"))), CLOCK);
            scenario.run(() -> {
                orders.placeOrder("o-1", "alice", 1250);
                relay.publishPending();
            });
        }
    }

    @CrashTestKitOnly
    static class NoWorkloadRun {
        @CrashAt(selector = "after-commit")
        void forgotTheWorkload(CrashScenario scenario, @TempDir Path dir) {
            new OrderService(Database.sqlite(dir.resolve("orders.db")), CLOCK).placeOrder("o-1", "alice", 1250);
        }
    }

    @CrashTestKitOnly
    static class AnyCrashCase {
        @CrashAt(selector = "after-commit")
        void shippingSurvives(CrashScenario scenario, @TempDir Path dir) {
            scenario.run(() -> new ShippingConsumer(Database.sqlite(dir.resolve("shipping.db"))).handle(PLACED));
        }
    }

    @CrashTestKitOnly
    static class ChildOutlivesItsTimeout {
        @CrashAt(selector = "after-commit", mode = CrashMode.CHILD_PROCESS)
        void shippingSurvives(CrashScenario scenario) {
            scenario.run(() -> new CountDownLatch(1).await()); // a child that waits for a latch nobody counts down
        }
    }

    private static void sealDayOne(Path dir) {
        new DedupCleanup(Database.sqlite(dir.resolve("shipping.db")), Days.clockOn(Days.DAY_ONE + 30))
                .sealThrough(Days.DAY_ONE);
    }

    @Test
    void aMisspeltBoundaryNameListsTheCataloguesNames() throws IOException {
        Throwable failure = onlyFailure(kit(), MisspeltBoundary.class);

        assertThat(failure).isInstanceOf(ExtensionConfigurationException.class);
        assertThat(failure.getMessage()).isEqualTo(expected("unknown-boundary.txt", failure));
    }

    @Test
    void aBoundaryTheWorkloadNeverReachesFailsTheTest() throws IOException {
        Throwable failure = onlyFailure(kit(), BoundaryNeverReached.class);

        // The engine's BoundaryNotReachedError becomes the test's failure, its text printed once (no "Caused by").
        assertThat(failure.getStackTrace()[0].getClassName()).startsWith("dev.deliverykit.boundary.");
        assertThat(failure).hasNoCause();
        assertThat(failure.getMessage()).isEqualTo(expected("boundary-not-reached.txt", failure));
    }

    /** A real exit runs no catch block: what survives is the same, so the catch is listed, and no verdict. */
    @Test
    void aCrashTheWorkloadCatchesIsListedAndTheCaseJudgedByWhatSurvives() {
        CrashTestResults results = kit().run(CrashCaughtByTheWorkload.class);

        assertThat(results).hasNumberOfStartedCases(1).hasNumberOfSucceededCases(1);
        assertThat(results.afterDeathOf(results.startedCases().get(0)))
                .containsExactly("the workload caught the crash and returned normally");
    }

    @Test
    void aMessageTheWorkloadNeverSendsFailsTheOrder() throws IOException {
        Throwable failure = onlyFailure(kit(), MessageNeverSent.class);

        assertThat(failure).hasNoCause();
        assertThat(failure.getMessage()).isEqualTo(expected("order-not-honoured.txt", failure));
    }

    @Test
    void aMessageTheWorkloadNeverSendsIsRefusedBeforeAnythingRunsWhenTheTestSaysWhatItSends() throws IOException {
        CrashTestResults results = kit().run(MessageTheWorkloadNeverSends.class);

        assertThat(results).hasNumberOfStartedCases(0);
        Throwable failure = assertThat(results).hasSingleFailure().failure();
        assertThat(failure).isInstanceOf(ExtensionConfigurationException.class);
        assertThat(failure.getMessage()).isEqualTo(expected("order-unsent-message.txt", failure));
    }

    @Test
    void aCrashScenarioOnAPlainTestSaysWhichAnnotationItNeeds() throws IOException {
        Throwable failure = onlyFailure(kit(), ScenarioOnAPlainTest.class);

        assertThat(failure).isInstanceOf(ParameterResolutionException.class);
        assertThat(failure.getMessage()).isEqualTo(expected("scenario-on-plain-test.txt", failure));
    }

    @Test
    void aReplayKeyNoTestHasFailsTheRunWithTheClosestKeys() throws IOException {
        CrashTestResults results = kit().with(
                        DeliveryKitConfiguration.REPLAY, "boundary=cleanup.after-record-delte;hit=2")
                .run(BoundaryNeverReached.class, AnyCrashCase.class);

        assertThat(results).hasNumberOfStartedCases(0);
        // JUnit reports what the root store's close() threw as the engine's failure, "Failed to close extension
        // context".
        Throwable failure = assertThat(results).hasSingleFailure().failure().getCause();
        assertThat(failure).isInstanceOf(ExtensionConfigurationException.class);
        assertThat(failure.getMessage()).isEqualTo(expected("replay-key-typo.txt", failure));
    }

    @Test
    void aMisspeltTableInAnInvariantNamesTheInvariantTheDatabaseAndTheSql() throws IOException {
        Throwable failure = onlyFailure(kit(), MisspeltTableInAnInvariant.class);

        // A @CheckInvariant that cannot be checked fails the invocation; its exception is attached as suppressed.
        assertThat(failure.getSuppressed()).singleElement().isInstanceOf(InvariantDefinitionException.class);
        assertThat(failure.getMessage()).isEqualTo(expected("invariant-definition.txt", failure));
    }

    @Test
    void aFixtureWrittenBeforeScenarioRunIsWrittenAgainByTheChildJvm() throws IOException {
        Files.createDirectories(STOCK.getParent());
        Files.deleteIfExists(STOCK);
        Throwable failure = onlyFailure(kit(), FixtureWrittenTwice.class);

        assertThat(failure.getStackTrace()[0].getClassName()).startsWith("dev.deliverykit.boundary.");
        // The child's whole output is a file of this run's report directory, which varies.
        String message = failure.getMessage()
                .replaceAll(
                        "whole output: \\S+/attachments/report-[0-9]+-[0-9]+/",
                        "whole output: <report dir>/attachments/<part>/");
        assertThat(message).isEqualTo(expected("fixture-written-twice.txt", message));
    }

    @Test
    void aSweepOverItsCapRunsNoCrashAndSaysHowToNarrowIt() throws IOException {
        CrashTestResults results = kit().run(SweepOverItsCap.class);

        assertThat(results).hasNumberOfStartedCases(1).hasNumberOfSucceededCases(1);
        Throwable failure = assertThat(results).hasSingleFailure().failure();
        assertThat(failure).isInstanceOf(ExtensionConfigurationException.class);
        assertThat(failure.getMessage()).isEqualTo(expected("sweep-over-cap.txt", failure));
    }

    @Test
    void aTestThatNeverRunsItsWorkloadFails() throws IOException {
        Throwable failure = onlyFailure(kit(), NoWorkloadRun.class);

        assertThat(failure.getMessage()).isEqualTo(expected("workload-never-run.txt", failure));
    }

    @Test
    void aBadConfigurationValueFailsEveryKitTestBeforeAnythingRuns() throws IOException {
        Throwable failure = onlyFailure(kit().with(DeliveryKitConfiguration.MODE, "sometimes"), AnyCrashCase.class);

        assertThat(failure).isInstanceOf(ExtensionConfigurationException.class);
        assertThat(failure.getMessage()).isEqualTo(expected("bad-configuration.txt", failure));
    }

    @Test
    void aChildThatOutlivesItsTimeoutIsKilledAndTheCaseFails() {
        Throwable failure =
                onlyFailure(kit().with(DeliveryKitConfiguration.CHILD_TIMEOUT, "3 s"), ChildOutlivesItsTimeout.class);

        // The temporary directory varies; on JDK 24+ the child's stderr has the JVM's sun.misc.Unsafe warnings.
        assertThat(failure.getMessage())
                .matches("(?s)dev\\.deliverykit\\.process\\.ChildProcessException: child JVM"
                        + " dev\\.deliverykit\\.junit5\\.internal\\.rerun\\.RerunMain was still"
                        + " running after its timeout of 3000 ms and was killed\n--- stdout ---\n--- stderr ---\n"
                        + "(WARNING: [^\n]*\n)*\n\n"
                        + "DeliveryKit case: crash after commit #1 \\(child JVM\\)\n"
                        + "Replay only this case: -Ddeliverykit.replay='selector=after-commit;hit=1'");
    }

    /** Runs fixture classes through the JUnit Platform (EngineTestKit), the crash report going to {@code reports}. */
    private CrashTestKit kit() {
        return CrashTestKit.reportingTo(reports);
    }

    /** The one failure (of a test or a container) of running {@code fixture}. */
    private static Throwable onlyFailure(CrashTestKit kit, Class<?> fixture) {
        return assertThat(kit.run(fixture)).hasSingleFailure().failure();
    }

    /** The pinned message; with -Dsample.messages.update=true, first rewritten from {@code actual}. */
    private static String expected(String name, Throwable actual) throws IOException {
        return expected(name, actual.getMessage());
    }

    private static String expected(String name, String actual) throws IOException {
        if (Boolean.getBoolean("sample.messages.update")) {
            Path file = Path.of("src/test/resources/com/example/orders/troubleshooting", name);
            Files.writeString(file, actual + "\n", StandardCharsets.UTF_8);
            return actual;
        }
        try (InputStream in = KitErrorMessagesTest.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(
                        "missing test resource " + name + "; create it with" + " -Dsample.messages.update=true");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).stripTrailing();
        }
    }
}
