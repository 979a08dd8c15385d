package dev.deliverykit.junit5.realstack;

import static dev.deliverykit.junit5.internal.execution.InvariantFailures.declared;
import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.Fault;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.CrashAt;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.DeliveryKitConfiguration;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.junit5.realstack.fixtures.Shop;
import dev.deliverykit.junit5.realstack.fixtures.Shop.RelayKind;
import dev.deliverykit.junit5.realstack.fixtures.Store;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A Spring outbox (DataSourceTransactionManager, TransactionTemplate, JdbcTemplate) over HikariCP pools, on
 * SQLite files and on H2 files: the correct relay survives a crash at every write and commit with no false
 * alarm from Spring's roll-back-and-rethrow; the mark-first relay and the relay that forgives a failed send
 * are caught.
 */
@RealStack
class SpringOutboxCrashTest {

    @TempDir
    Path reports;

    @CrashTestKitOnly
    static class CorrectOnSqliteTestCases extends OutboxSweep.Checked {
        CorrectOnSqliteTestCases() {
            super(Store.SQLITE, RelayKind.CORRECT, false, "o-1");
        }
    }

    @CrashTestKitOnly
    static class CorrectOnH2TestCases extends OutboxSweep.Checked {
        CorrectOnH2TestCases() {
            super(Store.H2, RelayKind.CORRECT, false, "o-1");
        }
    }

    @CrashTestKitOnly
    static class CrashAtEachCommitOnSqliteTestCases {
        @TempDir
        Path dir;

        @CheckInvariant
        final Invariant exactlyOnce = Shop.exactlyOncePerMessage(Store.SQLITE, () -> dir);

        @CheckInvariant
        final Invariant everyOrderShipped = Shop.everyOrderShipped(Store.SQLITE, () -> dir);

        @CrashAt(selector = "after-commit", occurrence = 1)
        @CrashAt(selector = "before-commit", occurrence = 2)
        @CrashAt(selector = "after-commit", occurrence = 2)
        @CrashAt(selector = "after-commit", occurrence = 3)
        void aPlacedOrderShipsExactlyOnce(CrashScenario scenario) throws Exception {
            Shop.crashAndRecover(scenario, Store.SQLITE, dir, RelayKind.CORRECT, "o-1");
            assertThat(Shop.rows(Store.SQLITE.url(dir, "orders"), "SELECT message_id, published FROM outbox"))
                    .containsExactly("o-1:placed|1");
            assertThat(Shop.rows(Store.SQLITE.url(dir, "shipping"), "SELECT order_id, message_id FROM shipment"))
                    .containsExactly("o-1|o-1:placed");
        }
    }

    /** Declares its own invariants: the expected failure message names them after this class. */
    @CrashTestKitOnly
    static class MarkFirstOnSqliteTestCases extends OutboxSweep {
        @CheckInvariant
        final Invariant exactlyOnce = Shop.exactlyOncePerMessage(store, () -> dir);

        @CheckInvariant
        final Invariant everyOrderShipped = Shop.everyOrderShipped(store, () -> dir);

        MarkFirstOnSqliteTestCases() {
            super(Store.SQLITE, RelayKind.MARK_FIRST, false, "o-1");
        }
    }

    /** Declares its own invariants: the expected failure message names them after this class. */
    @CrashTestKitOnly
    static class MarkFirstOnH2TestCases extends OutboxSweep {
        @CheckInvariant
        final Invariant exactlyOnce = Shop.exactlyOncePerMessage(store, () -> dir);

        @CheckInvariant
        final Invariant everyOrderShipped = Shop.everyOrderShipped(store, () -> dir);

        MarkFirstOnH2TestCases() {
            super(Store.H2, RelayKind.MARK_FIRST, false, "o-1");
        }
    }

    @CrashTestKitOnly
    static class ForgivingOnSqliteTestCases extends OutboxSweep.Checked {
        ForgivingOnSqliteTestCases() {
            super(Store.SQLITE, RelayKind.FORGIVING, false, "o-1");
        }
    }

    /** The 17 invocations of a sweep over one order, for both stores and every relay that delivers first. */
    static final List<String> DELIVER_FIRST_CASES = List.of(
            "[1] record boundaries (crash-free run)",
            "[2] crash before statement \"INSERT INTO orders (order_id, amount) VALUES (?,\u2026\" #1 in OrderService.placeOrder (via JdbcTemplate.update)",
            "[3] crash after statement \"INSERT INTO orders (order_id, amount) VALUES (?,\u2026\" #1 in OrderService.placeOrder (via JdbcTemplate.update)",
            "[4] crash before statement \"INSERT INTO outbox (message_id, order_id, payloa\u2026\" #1 in OrderService.placeOrder (via JdbcTemplate.update)",
            "[5] crash after statement \"INSERT INTO outbox (message_id, order_id, payloa\u2026\" #1 in OrderService.placeOrder (via JdbcTemplate.update)",
            "[6] crash before commit #1 in OrderService.placeOrder (via TransactionOperations.executeWithoutResult)",
            "[7] crash after commit #1 in OrderService.placeOrder (via TransactionOperations.executeWithoutResult)",
            "[8] crash before statement \"INSERT INTO processed_message (message_id) VALUE\u2026\" #1 in ShippingReceiver.receive (via JdbcTemplate.update)",
            "[9] crash after statement \"INSERT INTO processed_message (message_id) VALUE\u2026\" #1 in ShippingReceiver.receive (via JdbcTemplate.update)",
            "[10] crash before statement \"INSERT INTO shipment (order_id, message_id) VALU\u2026\" #1 in ShippingReceiver.receive (via JdbcTemplate.update)",
            "[11] crash after statement \"INSERT INTO shipment (order_id, message_id) VALU\u2026\" #1 in ShippingReceiver.receive (via JdbcTemplate.update)",
            "[12] crash before commit #1 in ShippingReceiver.receive (via TransactionOperations.executeWithoutResult)",
            "[13] crash after commit #1 in ShippingReceiver.receive (via TransactionOperations.executeWithoutResult)",
            "[14] crash before statement \"UPDATE outbox SET published = 1 WHERE message_id\u2026\" #1 in Outbox.markPublished (via JdbcTemplate.update)",
            "[15] crash after statement \"UPDATE outbox SET published = 1 WHERE message_id\u2026\" #1 in Outbox.markPublished (via JdbcTemplate.update)",
            "[16] crash before commit #1 in Outbox.markPublished (via TransactionOperations.executeWithoutResult)",
            "[17] crash after commit #1 in Outbox.markPublished (via TransactionOperations.executeWithoutResult)");

    @ParameterizedTest
    @ValueSource(classes = {CorrectOnSqliteTestCases.class, CorrectOnH2TestCases.class})
    void theCorrectRelaySurvivesACrashAtEveryWriteAndCommitWithoutAFalseAlarm(Class<?> fixture) {
        List<List<String>> runs = new ArrayList<>();
        for (int run = 0; run < 5; run++) {
            CrashTestResults results = CrashTestKit.reportingTo(reports)
                    .with(DeliveryKitConfiguration.SWEEP_EXHAUSTIVE, "true")
                    .run(fixture);

            assertThat(results)
                    .hasNumberOfStartedCases(17)
                    .hasNumberOfSucceededCases(17)
                    .hasNumberOfFailedCases(0)
                    .hasNumberOfAbortedCases(0);
            assertThat(results).hasNumberOfFailedContainers(0);
            assertThat(results.startedCases()).containsExactlyElementsOf(DELIVER_FIRST_CASES);
            runs.add(Outcomes.of(results));
        }
        assertThat(runs).containsOnly(runs.get(0)); // five runs in a row, the same outcomes
    }

    @Test
    void aCrashAtEachCommitOfTheCorrectRelayRecoversToOneShipmentAndAPublishedMessage() {
        CrashTestResults results = CrashTestKit.reportingTo(reports)
                .with(DeliveryKitConfiguration.SWEEP_EXHAUSTIVE, "true")
                .run(CrashAtEachCommitOnSqliteTestCases.class);

        assertThat(results)
                .hasNumberOfStartedCases(4)
                .hasNumberOfSucceededCases(4)
                .hasNumberOfFailedCases(0)
                .hasNumberOfAbortedCases(0);
        assertThat(results.startedCases())
                .containsExactly(
                        "[1] crash after commit #1",
                        "[2] crash before commit #2",
                        "[3] crash after commit #2",
                        "[4] crash after commit #3");
    }

    static String markFirstLost(String fixture, String caseName, String replayKey) {
        return declared(2, 2, caseName + " and recovery:") + "\n"
                + "[" + fixture
                + ".exactlyOnce] exactly once per message: violated (checked 1 intent key, 0 effect rows)\n"
                + "  lost intent: 1 key\n"
                + "    o-1:placed: found 0 effects, expected exactly 1\n"
                + "[" + fixture
                + ".everyOrderShipped] every order shipped: violated (checked 1 intent key, 0 effect rows)\n"
                + "  lost intent: 1 key\n"
                + "    o-1: found 0 effects, expected at least 1\n"
                + "\n"
                + Spec.suffix(caseName, replayKey);
    }

    static final List<String> MARK_FIRST_FAILURES = List.of(
            "[11] crash after commit #1 in Outbox.markPublished (via TransactionOperations.executeWithoutResult)",
            "[12] crash before statement \"INSERT INTO processed_message (message_id) VALUE\u2026\" #1 in ShippingReceiver.receive (via JdbcTemplate.update)",
            "[13] crash after statement \"INSERT INTO processed_message (message_id) VALUE\u2026\" #1 in ShippingReceiver.receive (via JdbcTemplate.update)",
            "[14] crash before statement \"INSERT INTO shipment (order_id, message_id) VALU\u2026\" #1 in ShippingReceiver.receive (via JdbcTemplate.update)",
            "[15] crash after statement \"INSERT INTO shipment (order_id, message_id) VALU\u2026\" #1 in ShippingReceiver.receive (via JdbcTemplate.update)",
            "[16] crash before commit #1 in ShippingReceiver.receive (via TransactionOperations.executeWithoutResult)");

    /** Runs a mark-first fixture: the six cases from its mark to the receiver's commit fail; returns the results. */
    private CrashTestResults assertMarkFirstCaught(Class<?> fixture) {
        CrashTestResults results = CrashTestKit.reportingTo(reports)
                .with(DeliveryKitConfiguration.SWEEP_EXHAUSTIVE, "true")
                .run(fixture);

        assertThat(results)
                .hasNumberOfStartedCases(17)
                .hasNumberOfSucceededCases(11)
                .hasNumberOfFailedCases(6);
        assertThat(results.failedCases()).containsExactlyElementsOf(MARK_FIRST_FAILURES);
        return results;
    }

    @Test
    void theMarkFirstRelayOnSqliteIsCaughtFromItsMarkToTheReceiversCommit() {
        assertThat(assertMarkFirstCaught(MarkFirstOnSqliteTestCases.class))
                .hasFailedCase(MARK_FIRST_FAILURES.get(0))
                .withMessage(
                        markFirstLost(
                                "MarkFirstOnSqliteTestCases",
                                "crash after commit #1 in Outbox.markPublished (via TransactionOperations.executeWithoutResult)",
                                "selector=after-commit;within=dev.deliverykit.junit5.realstack.fixtures.Outbox#markPublished;hit=1"));
    }

    @Test
    void theMarkFirstRelayOnH2IsCaughtFromItsMarkToTheReceiversCommit() {
        assertThat(assertMarkFirstCaught(MarkFirstOnH2TestCases.class))
                .hasFailedCase(MARK_FIRST_FAILURES.get(3))
                .withMessage(markFirstLost(
                        "MarkFirstOnH2TestCases",
                        "crash before statement \"INSERT INTO shipment (order_id, message_id) VALU\u2026\" #1 in"
                                + " ShippingReceiver.receive (via JdbcTemplate.update)",
                        "selector=before-statement=INSERT INTO shipment (order_id, message_id) VALUES (?, ?);within="
                                + "dev.deliverykit.junit5.realstack.fixtures.ShippingReceiver#receive;hit=1"));
    }

    /**
     * The relay that catches Throwable around the send and marks the message published anyway: a real process dies
     * inside the send and never marks it, so under crashes it is right in every case, as after real exits; what the
     * dead process tried (marking the message published) is refused and listed, no verdict. Its bug is found by an
     * injected failure of the send, a fault of its own.
     */
    @Test
    void theRelayThatMarksAFailedSendPublishedIsRightUnderCrashesAndItsMarkIsRefused() {
        CrashTestResults results = CrashTestKit.reportingTo(reports)
                .with(DeliveryKitConfiguration.SWEEP_EXHAUSTIVE, "true")
                .run(ForgivingOnSqliteTestCases.class);

        assertThat(results).hasNumberOfStartedCases(17).hasNumberOfSucceededCases(17);
        assertThat(results.afterDeathOf(DELIVER_FIRST_CASES.get(11)).stream().map(Outcomes::normalised))
                .containsExactly("Connection.prepareStatement() on thread main at"
                        + " dev.deliverykit.junit5.realstack.fixtures.Outbox.lambda$markPublished$N(Outbox.java:N) was"
                        + " refused");
    }

    /** The Spring outbox swept with injected failures only; the restart relays with the correct relay. */
    abstract static class FailureSweep {
        @TempDir
        Path dir;

        @CheckInvariant
        final Invariant exactlyOnce = Shop.exactlyOncePerMessage(Store.SQLITE, () -> dir);

        @CheckInvariant
        final Invariant everyOrderShipped = Shop.everyOrderShipped(Store.SQLITE, () -> dir);

        private final RelayKind relay;
        private final boolean sharedPools;

        FailureSweep(RelayKind relay) {
            this(relay, false);
        }

        FailureSweep(RelayKind relay, boolean sharedPools) {
            this.relay = relay;
            this.sharedPools = sharedPools;
        }

        @CrashSweep(
                kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
                sql = "^(INSERT|UPDATE|DELETE)",
                faults = Fault.FAILURE)
        void placedOrdersShipExactlyOnce(CrashScenario scenario) throws Exception {
            if (sharedPools) {
                Shop.crashAndRecoverOnSharedPools(scenario, Store.SQLITE, dir, relay, "o-1");
            } else {
                Shop.crashAndRecover(scenario, Store.SQLITE, dir, relay, "o-1");
            }
        }
    }

    @CrashTestKitOnly
    static class ForgivingUnderFailuresTestCases extends FailureSweep {
        ForgivingUnderFailuresTestCases() {
            super(RelayKind.FORGIVING);
        }
    }

    @CrashTestKitOnly
    static class CorrectUnderFailuresTestCases extends FailureSweep {
        CorrectUnderFailuresTestCases() {
            super(RelayKind.CORRECT);
        }
    }

    @CrashTestKitOnly
    static class CorrectOnSharedPoolsUnderFailuresTestCases extends FailureSweep {
        CorrectOnSharedPoolsUnderFailuresTestCases() {
            super(RelayKind.CORRECT, true);
        }
    }

    @CrashTestKitOnly
    static class ExecutorUnderFailuresTestCases extends FailureSweep {
        ExecutorUnderFailuresTestCases() {
            super(RelayKind.EXECUTOR);
        }
    }

    /** The forgiving relay's bug is in its failure handling: a failed send, marked published, is never shipped. */
    @Test
    void theRelayThatMarksAFailedSendPublishedIsCaughtByInjectedFailures() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(ForgivingUnderFailuresTestCases.class);

        assertThat(results).hasNumberOfStartedCases(17).hasNumberOfSucceededCases(12);
        assertThat(results.failedCases())
                .containsExactlyElementsOf(DELIVER_FIRST_CASES.subList(7, 12).stream()
                        .map(crash -> crash.replace("] crash ", "] fail "))
                        .toList());
    }

    @Test
    void theCorrectRelayPassesEveryInjectedFailure() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(CorrectUnderFailuresTestCases.class);

        assertThat(results).hasNumberOfStartedCases(17).hasNumberOfSucceededCases(17);
    }

    /**
     * Correct code passes every injected failure on a pool shared by the run and its restart (a failed connection goes
     * back to the pool the recovery borrows from) and with delivery on executor threads.
     */
    @ParameterizedTest
    @ValueSource(classes = {CorrectOnSharedPoolsUnderFailuresTestCases.class, ExecutorUnderFailuresTestCases.class})
    void correctRelaysPassEveryInjectedFailureOnSharedPoolsAndExecutors(Class<?> fixture) {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(fixture);

        assertThat(results).hasNumberOfStartedCases(17).hasNumberOfSucceededCases(17);
    }
}
