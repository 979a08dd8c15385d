package dev.deliverykit.junit5;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.deliverykit.junit5.fixtures.EngineTestKitOnly;
import dev.deliverykit.junit5.fixtures.Kit;
import dev.deliverykit.junit5.fixtures.Seed002;
import dev.deliverykit.reference.outbox.DeliveryProtocol;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * {@code @CrashSweep} over each seed-002 protocol, naming no boundary: the crash-free run records every
 * commit (and statement), and the sweep finds the broken protocols' windows by itself.
 */
class Seed002CrashSweepTest {

    @TempDir
    Path reports;

    @EngineTestKitOnly
    static class MarkFirst {
        @CrashSweep
        void exactlyOneReservation(CrashScenario scenario, @TempDir Path dir) throws Exception {
            Seed002.exactlyOnce(scenario, DeliveryProtocol.MARK_FIRST, dir);
        }
    }

    @EngineTestKitOnly
    static class WithoutDedup {
        @CrashSweep(kinds = SweepKind.COMMITS)
        void exactlyOneReservation(CrashScenario scenario, @TempDir Path dir) throws Exception {
            Seed002.exactlyOnce(scenario, DeliveryProtocol.OUTBOX_WITHOUT_DEDUP, dir);
        }
    }

    @EngineTestKitOnly
    static class AtomicReceipt {
        @CrashSweep
        void exactlyOneReservation(CrashScenario scenario, @TempDir Path dir) throws Exception {
            Seed002.exactlyOnce(scenario, DeliveryProtocol.OUTBOX_WITH_ATOMIC_RECEIPT, dir);
        }
    }

    static String failure(String protocol, long effects, String displayName, String replayKey) {
        return "[effects N for reserve42 after a crash and recovery (" + protocol + ")] \n"
                + "expected: 1L\n"
                + " but was: " + effects + "L\n\n"
                + "DeliveryKit case: " + displayName + " (in process)\n"
                + "Replay only this case: -Ddeliverykit.replay='" + replayKey + "'";
    }

    static List<String> failed(EngineExecutionResults results) {
        return results.testEvents().filter(event(test(), finishedWithFailure())::matches)
                .map(event -> event.getTestDescriptor().getDisplayName()).toList();
    }

    @Test
    void markFirstFailsFromItsDoneMarkToTheWarehouseCommitAndNowhereElse() {
        EngineExecutionResults results = Kit.reportingTo(reports).run(MarkFirst.class);

        results.testEvents().assertStatistics(stats -> stats.started(57).succeeded(51).failed(6));
        results.containerEvents().assertStatistics(stats -> stats.failed(0));
        assertThat(results.testEvents().started().stream().findFirst().orElseThrow().getTestDescriptor().getDisplayName())
                .isEqualTo("[1] record boundaries (crash-free run)");
        assertThat(failed(results)).containsExactly(
                "[51] crash after commit #4 in TransactionalOutbox.markDone",
                "[52] crash before statement \"BEGIN IMMEDIATE\" #5 in WarehouseWithoutDedup.reserve",
                "[53] crash after statement \"BEGIN IMMEDIATE\" #5 in WarehouseWithoutDedup.reserve",
                "[54] crash before statement \"INSERT INTO effect(tenant, intent_id, parameters…\" #1 in EffectLog.insert",
                "[55] crash after statement \"INSERT INTO effect(tenant, intent_id, parameters…\" #1 in EffectLog.insert",
                "[56] crash before commit #5 in WarehouseWithoutDedup.reserve");
        results.testEvents().assertThatEvents().haveExactly(1, event(test(), finishedWithFailure(
                message(failure(
                        "mark-first (write \"done\", then send)", 0,
                        "crash after commit #4 in TransactionalOutbox.markDone", "selector=after-commit;hit=4")))));
    }

    @Test
    void outboxWithoutDedupFailsBetweenTheWarehouseCommitAndTheDoneMarkCommit() {
        EngineExecutionResults results = Kit.reportingTo(reports).run(WithoutDedup.class);

        results.testEvents().assertStatistics(stats -> stats.started(11).succeeded(9).failed(2));
        assertThat(results.testEvents().started().stream().map(event -> event.getTestDescriptor().getDisplayName()))
                .containsExactly("[1] record boundaries (crash-free run)",
                        "[2] crash before commit #1 in Sql.openWithSchema",
                        "[3] crash after commit #1 in Sql.openWithSchema",
                        "[4] crash before commit #2 in Sql.openWithSchema",
                        "[5] crash after commit #2 in Sql.openWithSchema",
                        "[6] crash before commit #3 in TransactionalOutbox.append",
                        "[7] crash after commit #3 in TransactionalOutbox.append",
                        "[8] crash before commit #4 in WarehouseWithoutDedup.reserve",
                        "[9] crash after commit #4 in WarehouseWithoutDedup.reserve",
                        "[10] crash before commit #5 in TransactionalOutbox.markDone",
                        "[11] crash after commit #5 in TransactionalOutbox.markDone");
        assertThat(failed(results)).containsExactly("[9] crash after commit #4 in WarehouseWithoutDedup.reserve",
                "[10] crash before commit #5 in TransactionalOutbox.markDone");
        results.testEvents().assertThatEvents()
                .haveExactly(1, event(test(), finishedWithFailure(
                        message(failure(
                                "outbox without receiver dedup", 2,
                                "crash after commit #4 in WarehouseWithoutDedup.reserve", "selector=after-commit;hit=4")))))
                .haveExactly(1, event(test(), finishedWithFailure(
                        message(failure(
                                "outbox without receiver dedup", 2,
                                "crash before commit #5 in TransactionalOutbox.markDone",
                                "selector=before-commit;hit=5")))));
    }

    @Test
    void outboxWithAtomicReceiptSurvivesACrashAtEveryStatementAndCommit() {
        EngineExecutionResults results = Kit.reportingTo(reports).run(AtomicReceipt.class);

        results.testEvents().assertStatistics(stats -> stats.failed(0).aborted(0));
        assertThat(results.testEvents().succeeded().count()).isEqualTo(results.testEvents().started().count())
                .isGreaterThan(50);
    }
}
