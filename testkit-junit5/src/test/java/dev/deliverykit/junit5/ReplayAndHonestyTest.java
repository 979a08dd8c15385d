package dev.deliverykit.junit5;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.container;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.skippedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.deliverykit.boundary.BoundaryNotReachedError;
import dev.deliverykit.boundary.CrashSwallowedError;
import dev.deliverykit.junit5.fixtures.EngineTestKitOnly;
import dev.deliverykit.junit5.fixtures.Kit;
import dev.deliverykit.junit5.fixtures.Seed002;
import dev.deliverykit.reference.outbox.DeliveryProtocol;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.opentest4j.AssertionFailedError;

/**
 * {@code -Ddeliverykit.replay} reruns exactly one case; a test that crashes nowhere fails loudly; sweeps run
 * under parallel execution in an {@code @Isolated} class.
 */
class ReplayAndHonestyTest {

    @TempDir
    Path reports;

    @EngineTestKitOnly
    @BoundaryCatalogueSource(value = Seed002.class, field = "MARK_FIRST")
    static class MarkFirstAtEveryBoundary {
        @CrashAt({"boundary-0", "boundary-1", "boundary-2", "boundary-3", "boundary-4"})
        void exactlyOneReservation(CrashScenario scenario, @TempDir Path dir) throws Exception {
            Seed002.exactlyOnce(scenario, DeliveryProtocol.MARK_FIRST, dir);
        }
    }

    @EngineTestKitOnly
    static class MarkFirstSweep {
        @CrashSweep(kinds = SweepKind.COMMITS)
        void exactlyOneReservation(CrashScenario scenario, @TempDir Path dir) throws Exception {
            Seed002.exactlyOnce(scenario, DeliveryProtocol.MARK_FIRST, dir);
        }
    }

    @Isolated
    @EngineTestKitOnly
    static class IsolatedSweep {
        @CrashSweep(kinds = SweepKind.COMMITS)
        void exactlyOneReservation(CrashScenario scenario, @TempDir Path dir) throws Exception {
            Seed002.exactlyOnce(scenario, DeliveryProtocol.MARK_FIRST, dir);
        }
    }

    @EngineTestKitOnly
    static class NeverReached {
        @CrashAt(selector = "after-commit", occurrence = 9)
        void exactlyOneReservation(CrashScenario scenario, @TempDir Path dir) throws Exception {
            Seed002.exactlyOnce(scenario, DeliveryProtocol.OUTBOX_WITH_ATOMIC_RECEIPT, dir);
        }
    }

    @EngineTestKitOnly
    static class Swallowing {
        @CrashAt(selector = "after-commit", occurrence = 3)
        void exactlyOneReservation(CrashScenario scenario, @TempDir Path dir) {
            scenario.run(() -> {
                try {
                    Seed002.submit(DeliveryProtocol.OUTBOX_WITH_ATOMIC_RECEIPT, dir);
                } catch (Throwable everything) {
                    // the code under test hides the crash
                }
            });
        }
    }

    @EngineTestKitOnly
    static class ForgetsToRun {
        @CrashAt(selector = "after-commit")
        void exactlyOneReservation(CrashScenario scenario) {
            assertThat(scenario.replayKey()).isEqualTo("selector=after-commit;hit=1");
        }
    }

    static String failure(String protocol, long effects, String displayName, String replayKey) {
        return "[effects N for reserve42 after a crash and recovery (" + protocol + ")] \n"
                + "expected: 1L\n"
                + " but was: " + effects + "L\n\n"
                + "DeliveryKit case: " + displayName + " (in process)\n"
                + "Replay only this case: -Ddeliverykit.replay='" + replayKey + "'";
    }

    @Test
    void aReplayKeyRerunsExactlyThatCaseOfACrashAtTest() {
        EngineExecutionResults results = Kit.reportingTo(reports)
                .with(DeliveryKitConfiguration.REPLAY, "boundary=boundary-1;hit=1").run(MarkFirstAtEveryBoundary.class);

        results.testEvents().assertStatistics(stats -> stats.started(1).failed(1));
        results.testEvents().assertThatEvents().haveExactly(1, event(test(), displayName("[1] crash at boundary-1 #1"),
                finishedWithFailure(instanceOf(AssertionFailedError.class))));
    }

    @Test
    void aReplayKeyRerunsOneSweepCaseWithoutTheRecording() {
        EngineExecutionResults results = Kit.reportingTo(reports)
                .with(DeliveryKitConfiguration.REPLAY, "selector=after-commit;hit=4").run(MarkFirstSweep.class);

        results.testEvents().assertStatistics(stats -> stats.started(1).failed(1));
        results.testEvents().assertThatEvents().haveExactly(1, event(test(), displayName("[1] crash after commit #4"),
                finishedWithFailure(message(failure("mark-first (write \"done\", then send)", 0,
                        "crash after commit #4", "selector=after-commit;hit=4")))));
    }

    @Test
    void crashNoneReplaysTheSweepsCrashFreeRun() {
        EngineExecutionResults results = Kit.reportingTo(reports)
                .with(DeliveryKitConfiguration.REPLAY, "crash=none").run(MarkFirstSweep.class);

        results.testEvents().assertStatistics(stats -> stats.started(1).succeeded(1));
        results.testEvents().assertThatEvents().haveExactly(1, event(test(),
                displayName("[1] record boundaries (crash-free run)"), finishedSuccessfully()));
    }

    @Test
    void aTestThatCannotProduceTheReplayedCaseIsSkippedSayingWhy() {
        EngineExecutionResults results = Kit.reportingTo(reports)
                .with(DeliveryKitConfiguration.REPLAY, "boundary=boundary-7;hit=1").run(MarkFirstAtEveryBoundary.class);

        results.testEvents().assertStatistics(stats -> stats.started(0));
        results.containerEvents().assertThatEvents().haveExactly(1, event(skippedWithReason(
                "deliverykit.replay='boundary=boundary-7;hit=1' selects a case this test does not have")));
    }

    @Test
    void underParallelExecutionASweepRunsInFullInAnIsolatedClassAndIsRefusedElsewhere() {
        EngineExecutionResults results = Kit.reportingTo(reports)
                .with("junit.jupiter.execution.parallel.enabled", "true")
                .with("junit.jupiter.execution.parallel.mode.default", "concurrent")
                .with("junit.jupiter.execution.parallel.mode.classes.default", "concurrent")
                .run(IsolatedSweep.class, MarkFirstAtEveryBoundary.class);

        results.testEvents().assertStatistics(stats -> stats.started(11).succeeded(9).failed(2));
        assertThat(Seed002CrashSweepTest.failed(results)).containsExactly(
                "[9] crash after commit #4 in TransactionalOutbox.markDone",
                "[10] crash before commit #5 in WarehouseWithoutDedup.reserve");
        results.containerEvents().assertThatEvents().haveExactly(1, event(
                container(MarkFirstAtEveryBoundary.class), finishedSuccessfully()))
                .haveExactly(1, event(container("exactlyOneReservation"),
                        finishedWithFailure(instanceOf(ExtensionConfigurationException.class))));
    }

    @Test
    void aBoundaryNeverReachedFailsTheCaseWithTheBoundariesItDidReach() {
        EngineExecutionResults results = Kit.reportingTo(reports).run(NeverReached.class);

        results.testEvents().assertStatistics(stats -> stats.started(1).failed(1));
        Throwable failure = onlyFailure(results);
        assertThat(failure).isInstanceOf(AssertionFailedError.class).hasCauseInstanceOf(BoundaryNotReachedError.class);
        assertThat(failure.getMessage()).isEqualTo("Boundary not reached: the crash was armed at hit 9 of after"
                + " commit, but the workload returned normally after reaching it 5 times.\n"
                + "Reached boundaries (hits):\n"
                + "  after statement \"PRAGMA busy_timeout = 5000\": 2\n"
                + "  after statement \"PRAGMA journal_mode = WAL\": 2\n"
                + "  after statement \"PRAGMA synchronous = FULL\": 2\n"
                + "  after statement \"PRAGMA foreign_keys = ON\": 2\n"
                + "  after statement \"BEGIN IMMEDIATE\": 5\n"
                + "  after statement \"CREATE TABLE IF NOT EXISTS workflow_event ( workflow_id TEXT NOT NULL,"
                + " seq INTEGER NOT NULL CHECK (seq >= 1), kind TEXT NOT NULL, payload TEXT NOT NULL,"
                + " PRIMARY KEY (workflow_id, seq))\": 1\n"
                + "  after statement \"CREATE TABLE IF NOT EXISTS outbox ( command_id TEXT PRIMARY KEY,"
                + " workflow_id TEXT NOT NULL, event_seq INTEGER NOT NULL, command_index INTEGER NOT NULL"
                + " CHECK (command_index >= 0), kind TEXT NOT NULL, payload TEXT NOT NULL, processed_at"
                + " INTEGER, UNIQUE (workflow_id, event_seq, command_index), FOREIGN KEY (workflow_id,"
                + " event_seq) REFERENCES workflow_event(workflow_id, seq))\": 1\n"
                + "  after statement \"CREATE INDEX IF NOT EXISTS outbox_pending ON outbox(workflow_id,"
                + " event_seq, command_id) WHERE processed_at IS NULL\": 1\n"
                + "  after commit: 5\n"
                + "  after statement \"COMMIT\": 5\n"
                + "  after statement \"CREATE TABLE IF NOT EXISTS effect ( effect_id INTEGER PRIMARY KEY,"
                + " tenant TEXT NOT NULL, intent_id TEXT NOT NULL, parameters TEXT NOT NULL)\": 1\n"
                + "  after statement \"CREATE INDEX IF NOT EXISTS effect_by_key ON effect(tenant,"
                + " intent_id)\": 1\n"
                + "  after statement \"CREATE TABLE IF NOT EXISTS receipt ( tenant TEXT NOT NULL, intent_id"
                + " TEXT NOT NULL, parameters_digest TEXT NOT NULL, result TEXT NOT NULL, effect_id INTEGER"
                + " NOT NULL UNIQUE REFERENCES effect(effect_id), PRIMARY KEY (tenant, intent_id))\": 1\n"
                + "  after statement \"SELECT coalesce(max(seq), 0) FROM workflow_event WHERE workflow_id ="
                + " ?\": 1\n"
                + "  after statement \"INSERT INTO workflow_event(workflow_id, seq, kind, payload) VALUES (?,"
                + " ?, ?, ?)\": 1\n"
                + "  after statement \"INSERT INTO outbox(command_id, workflow_id, event_seq, command_index,"
                + " kind, payload) VALUES (?, ?, ?, ?, ?, ?)\": 1\n"
                + "  after statement \"SELECT parameters_digest, result FROM receipt WHERE tenant = ? AND"
                + " intent_id = ?\": 1\n"
                + "  after statement \"INSERT INTO effect(tenant, intent_id, parameters) VALUES (?, ?, ?)"
                + " RETURNING effect_id\": 1\n"
                + "  after statement \"INSERT INTO receipt(tenant, intent_id, parameters_digest, result,"
                + " effect_id) VALUES (?, ?, ?, ?, ?)\": 1\n"
                + "  after statement \"UPDATE outbox SET processed_at = (SELECT coalesce(max(processed_at),"
                + " 0) + 1 FROM outbox) WHERE command_id = ? AND processed_at IS NULL\": 1\n"
                + "Expected: the run to reach that hit, so that the crash test tests something.\n"
                + "Fix: pick a boundary and hit from the list above, or make the workload run the code that"
                + " reaches the boundary.\n"
                + "\n"
                + "DeliveryKit case: crash after commit #9 (in process)\n"
                + "Replay only this case: -Ddeliverykit.replay='selector=after-commit;hit=9'");
    }

    @Test
    void aSwallowedCrashFailsTheCase() {
        EngineExecutionResults results = Kit.reportingTo(reports).run(Swallowing.class);

        results.testEvents().assertStatistics(stats -> stats.started(1).failed(1));
        Throwable failure = onlyFailure(results);
        assertThat(failure).hasCauseInstanceOf(CrashSwallowedError.class);
        // The frame's line number is the only part that moves with the source.
        assertThat(failure.getMessage().replaceAll("\\(Sql\\.java:[0-9]+\\)", "(Sql.java:N)")).isEqualTo(
                "Crash swallowed: the simulated crash at hit 3 of after commit was caught, and the workload"
                + " returned normally.\n"
                + "The dead process reached no JDBC call or watched method after the crash, so where the"
                + " crash was caught is unknown; it was thrown at"
                + " dev.deliverykit.reference.internal.sqlite.Sql.execute(Sql.java:N).\n"
                + "Expected: the SimulatedCrash to propagate out of the workload: nothing runs after a real"
                + " process death.\n"
                + "Fix: do not catch Throwable or Error around the code under test (catch Exception), or"
                + " rethrow SimulatedCrash.\n"
                + "\n"
                + "DeliveryKit case: crash after commit #3 (in process)\n"
                + "Replay only this case: -Ddeliverykit.replay='selector=after-commit;hit=3'");
    }

    @Test
    void aTestThatNeverCallsRunFails() {
        EngineExecutionResults results = Kit.reportingTo(reports).run(ForgetsToRun.class);

        results.testEvents().assertStatistics(stats -> stats.started(1).failed(1));
        results.testEvents().assertThatEvents().haveExactly(1, event(test(), finishedWithFailure(
                instanceOf(AssertionError.class), message("The test never called scenario.run(...), so crash after"
                        + " commit #1 crashed nothing and the test asserted nothing about a crash.\nFix: run the workload"
                        + " with scenario.run(() -> ...) or scenario.run(YourProcessWorkload.class, args...), then"
                        + " recover with scenario.restart(() -> ...).\n\n"
                        + "DeliveryKit case: crash after commit #1 (in process)\n"
                        + "Replay only this case: -Ddeliverykit.replay='selector=after-commit;hit=1'"))));
    }

    @Test
    void rerunningOneSweepInvocationByUniqueIdSaysToUseTheReplayKey() {
        String template = "[engine:junit-jupiter]/[class:" + MarkFirstSweep.class.getName() + "]/[test-template:"
                + "exactlyOneReservation(dev.deliverykit.junit5.CrashScenario, java.nio.file.Path)]";
        EngineExecutionResults results = EngineTestKit.engine("junit-jupiter")
                .configurationParameter("deliverykit.test.fixtures", "true")
                .configurationParameter(DeliveryKitConfiguration.REPORT_DIR, reports.toString())
                .configurationParameter(DeliveryKitConfiguration.REPORT_SUMMARY, "false")
                .selectors(DiscoverySelectors.selectUniqueId(template + "/[test-template-invocation:#3]")).execute();

        results.testEvents().assertStatistics(stats -> stats.started(0));
        results.containerEvents().assertThatEvents().haveExactly(1, event(container("exactlyOneReservation"),
                finishedWithFailure(instanceOf(ExtensionConfigurationException.class), message("@CrashSweep on"
                        + " MarkFirstSweep.exactlyOneReservation(CrashScenario, Path): the recording invocation did not"
                        + " run (was one crash invocation rerun alone, by its unique id?), so there are no crash cases"
                        + " to run. Fix: run the whole test, or rerun one case with"
                        + " -Ddeliverykit.replay='<replay key from its failure message>'."))));
    }

    private static Throwable onlyFailure(EngineExecutionResults results) {
        return results.testEvents().failed().stream().findFirst().orElseThrow()
                .getPayload(TestExecutionResult.class).orElseThrow().getThrowable().orElseThrow();
    }
}
