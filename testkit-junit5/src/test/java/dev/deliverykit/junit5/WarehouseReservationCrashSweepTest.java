package dev.deliverykit.junit5;

import static dev.deliverykit.junit5.fixtures.ExactlyOnceFailures.invariantFailure;
import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.junit5.fixtures.WarehouseReservation;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import dev.deliverykit.reference.outbox.DeliveryProtocol;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code @CrashSweep} over each protocol of the warehouse reservation, naming no boundary: the crash-free run records every
 * commit (and statement), and the sweep finds the broken protocols' windows by itself, judged by the class's
 * {@code @CheckInvariant} after every invocation, the crash-free recording run included.
 */
class WarehouseReservationCrashSweepTest {

    @TempDir
    Path reports;

    @CrashTestKitOnly
    static class MarkFirstTestCases {
        @TempDir
        Path dir;

        @CheckInvariant
        Invariant exactlyOnce = WarehouseReservation.exactlyOncePerKey(() -> dir);

        @CrashSweep
        void exactlyOneReservation(CrashScenario scenario) throws Exception {
            WarehouseReservation.crashAndRecover(scenario, DeliveryProtocol.MARK_FIRST, dir);
        }
    }

    @CrashTestKitOnly
    static class WithoutDedupTestCases {
        @TempDir
        Path dir;

        @CheckInvariant
        Invariant exactlyOnce = WarehouseReservation.exactlyOncePerKey(() -> dir);

        @CrashSweep(kinds = SweepKind.COMMITS)
        void exactlyOneReservation(CrashScenario scenario) throws Exception {
            WarehouseReservation.crashAndRecover(scenario, DeliveryProtocol.OUTBOX_WITHOUT_DEDUP, dir);
        }
    }

    @CrashTestKitOnly
    static class AtomicReceiptTestCases {
        @TempDir
        Path dir;

        @CheckInvariant
        Invariant exactlyOnce = WarehouseReservation.exactlyOncePerKey(() -> dir);

        @CrashSweep
        void exactlyOneReservation(CrashScenario scenario) throws Exception {
            WarehouseReservation.crashAndRecover(scenario, DeliveryProtocol.OUTBOX_WITH_ATOMIC_RECEIPT, dir);
        }
    }

    private static final String LOST = "  lost intent: 1 key\n    reserve42:1:0: found 0 effects, expected exactly 1";
    private static final String DOUBLED =
            "  duplicate effect: 1 key\n" + "    reserve42:1:0: found 2 effects, expected exactly 1";

    @Test
    void markFirstFailsFromItsDoneMarkToTheWarehouseCommitAndNowhereElse() {
        CrashTestResults results = CrashTestKit.reportingTo(reports)
                .with(DeliveryKitConfiguration.SWEEP_EXHAUSTIVE, "true")
                .run(MarkFirstTestCases.class);

        assertThat(results)
                .hasNumberOfStartedCases(57)
                .hasNumberOfSucceededCases(51)
                .hasNumberOfFailedCases(6);
        assertThat(results).hasNumberOfFailedContainers(0);
        assertThat(results.testEvents().started().stream()
                        .findFirst()
                        .orElseThrow()
                        .getTestDescriptor()
                        .getDisplayName())
                .isEqualTo("[1] record boundaries (crash-free run)");
        assertThat(results.failedCases())
                .containsExactly(
                        "[51] crash after commit #1 in TransactionalOutbox.markDone (via Sql.inWriteTransaction)",
                        "[52] crash before statement \"BEGIN IMMEDIATE\" #1 in WarehouseWithoutDedup.reserve (via Sql.inWriteTransaction)",
                        "[53] crash after statement \"BEGIN IMMEDIATE\" #1 in WarehouseWithoutDedup.reserve (via Sql.inWriteTransaction)",
                        "[54] crash before statement \"INSERT INTO effect(tenant, intent_id, parameters…\" #1 in EffectLog.insert",
                        "[55] crash after statement \"INSERT INTO effect(tenant, intent_id, parameters…\" #1 in EffectLog.insert",
                        "[56] crash before commit #1 in WarehouseWithoutDedup.reserve (via Sql.inWriteTransaction)");
        results.testEvents()
                .assertThatEvents()
                .haveExactly(
                        1,
                        event(
                                test(),
                                finishedWithFailure(message(invariantFailure(
                                        "MarkFirstTestCases",
                                        "crash after commit #1 in TransactionalOutbox.markDone (via Sql.inWriteTransaction)",
                                        "selector=after-commit;within=dev.deliverykit.reference.outbox.TransactionalOutbox#markDone;hit=1",
                                        "1 intent key, 0 effect rows",
                                        LOST)))))
                .haveExactly(
                        1,
                        event(
                                test(),
                                finishedWithFailure(message(invariantFailure(
                                        "MarkFirstTestCases",
                                        "crash before statement \"INSERT INTO effect(tenant, intent_id, parameters…\" #1 in"
                                                + " EffectLog.insert",
                                        "selector=before-statement=INSERT INTO effect(tenant, intent_id,"
                                                + " parameters) VALUES (?, ?, ?) RETURNING effect_id;within=dev.deliverykit.reference.outbox.EffectLog#insert;hit=1",
                                        "1 intent key, 0 effect rows",
                                        LOST)))));
    }

    @Test
    void outboxWithoutDedupFailsBetweenTheWarehouseCommitAndTheDoneMarkCommit() {
        CrashTestResults results = CrashTestKit.reportingTo(reports)
                .with(DeliveryKitConfiguration.SWEEP_EXHAUSTIVE, "true")
                .run(WithoutDedupTestCases.class);

        assertThat(results)
                .hasNumberOfStartedCases(11)
                .hasNumberOfSucceededCases(9)
                .hasNumberOfFailedCases(2);
        assertThat(results.testEvents().started().stream()
                        .map(event -> event.getTestDescriptor().getDisplayName()))
                .containsExactly(
                        "[1] record boundaries (crash-free run)",
                        "[2] crash before commit #1 in TransactionalOutbox.<init> (via Sql.openWithSchema)",
                        "[3] crash after commit #1 in TransactionalOutbox.<init> (via Sql.openWithSchema)",
                        "[4] crash before commit #1 in WarehouseConnection.open (via Sql.openWithSchema)",
                        "[5] crash after commit #1 in WarehouseConnection.open (via Sql.openWithSchema)",
                        "[6] crash before commit #1 in TransactionalOutbox.append (via Sql.inWriteTransaction)",
                        "[7] crash after commit #1 in TransactionalOutbox.append (via Sql.inWriteTransaction)",
                        "[8] crash before commit #1 in WarehouseWithoutDedup.reserve (via Sql.inWriteTransaction)",
                        "[9] crash after commit #1 in WarehouseWithoutDedup.reserve (via Sql.inWriteTransaction)",
                        "[10] crash before commit #1 in TransactionalOutbox.markDone (via Sql.inWriteTransaction)",
                        "[11] crash after commit #1 in TransactionalOutbox.markDone (via Sql.inWriteTransaction)");
        assertThat(results.failedCases())
                .containsExactly(
                        "[9] crash after commit #1 in WarehouseWithoutDedup.reserve (via Sql.inWriteTransaction)",
                        "[10] crash before commit #1 in TransactionalOutbox.markDone (via Sql.inWriteTransaction)");
        results.testEvents()
                .assertThatEvents()
                .haveExactly(
                        1,
                        event(
                                test(),
                                finishedWithFailure(message(invariantFailure(
                                        "WithoutDedupTestCases",
                                        "crash after commit #1 in WarehouseWithoutDedup.reserve (via Sql.inWriteTransaction)",
                                        "selector=after-commit;within=dev.deliverykit.reference.outbox.WarehouseWithoutDedup#reserve;hit=1",
                                        "1 intent key, 2 effect rows",
                                        DOUBLED)))))
                .haveExactly(
                        1,
                        event(
                                test(),
                                finishedWithFailure(message(invariantFailure(
                                        "WithoutDedupTestCases",
                                        "crash before commit #1 in TransactionalOutbox.markDone (via Sql.inWriteTransaction)",
                                        "selector=before-commit;within=dev.deliverykit.reference.outbox.TransactionalOutbox#markDone;hit=1",
                                        "1 intent key, 2 effect rows",
                                        DOUBLED)))));
    }

    @Test
    void outboxWithAtomicReceiptSurvivesACrashAtEveryStatementAndCommit() {
        CrashTestResults results = CrashTestKit.reportingTo(reports)
                .with(DeliveryKitConfiguration.SWEEP_EXHAUSTIVE, "true")
                .run(AtomicReceiptTestCases.class);

        assertThat(results)
                .hasNumberOfStartedCases(63)
                .hasNumberOfSucceededCases(63)
                .hasNumberOfFailedCases(0)
                .hasNumberOfAbortedCases(0);
    }
}
