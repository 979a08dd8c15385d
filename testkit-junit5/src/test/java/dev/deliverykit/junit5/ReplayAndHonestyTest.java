package dev.deliverykit.junit5;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.container;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.engine;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.skippedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.deliverykit.boundary.BoundaryNotReachedError;
import dev.deliverykit.junit5.fixtures.PrintedFailure;
import dev.deliverykit.junit5.fixtures.WarehouseReservation;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import dev.deliverykit.reference.outbox.DeliveryProtocol;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.platform.commons.JUnitException;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.opentest4j.AssertionFailedError;

/**
 * {@code -Ddeliverykit.replay} reruns exactly one case; a test that crashes nowhere fails loudly; sweeps run
 * under parallel execution in an {@code @Isolated} class.
 */
class ReplayAndHonestyTest {

    @TempDir
    Path reports;

    @CrashTestKitOnly
    @BoundaryCatalogueSource(value = WarehouseReservation.class, field = "MARK_FIRST")
    static class MarkFirstAtEveryBoundaryTestCases {
        @CrashAt({"before-submit", "before-send", "after-reserve", "after-send", "after-deliver"})
        void exactlyOneReservation(CrashScenario scenario, @TempDir Path dir) throws Exception {
            WarehouseReservation.exactlyOnce(scenario, DeliveryProtocol.MARK_FIRST, dir);
        }
    }

    @CrashTestKitOnly
    static class MarkFirstSweepTestCases {
        @CrashSweep(kinds = SweepKind.COMMITS)
        void exactlyOneReservation(CrashScenario scenario, @TempDir Path dir) throws Exception {
            WarehouseReservation.exactlyOnce(scenario, DeliveryProtocol.MARK_FIRST, dir);
        }
    }

    @Isolated
    @CrashTestKitOnly
    static class IsolatedSweepTestCases {
        @CrashSweep(kinds = SweepKind.COMMITS)
        void exactlyOneReservation(CrashScenario scenario, @TempDir Path dir) throws Exception {
            WarehouseReservation.exactlyOnce(scenario, DeliveryProtocol.MARK_FIRST, dir);
        }
    }

    @CrashTestKitOnly
    static class NeverReachedTestCases {
        @CrashAt(selector = "after-commit", occurrence = 9)
        void exactlyOneReservation(CrashScenario scenario, @TempDir Path dir) throws Exception {
            WarehouseReservation.exactlyOnce(scenario, DeliveryProtocol.OUTBOX_WITH_ATOMIC_RECEIPT, dir);
        }
    }

    @CrashTestKitOnly
    static class SwallowingTestCases {
        @CrashAt(selector = "after-commit", occurrence = 3)
        void exactlyOneReservation(CrashScenario scenario, @TempDir Path dir) {
            scenario.run(() -> {
                try {
                    WarehouseReservation.submit(DeliveryProtocol.OUTBOX_WITH_ATOMIC_RECEIPT, dir);
                } catch (Throwable everything) {
                    // the code under test hides the crash
                }
            });
        }
    }

    @CrashTestKitOnly
    static class ForgetsToRunTestCases {
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
        CrashTestResults results = CrashTestKit.reportingTo(reports)
                .with(DeliveryKitConfiguration.REPLAY, "boundary=before-send;hit=1")
                .run(MarkFirstAtEveryBoundaryTestCases.class);

        assertThat(results).hasNumberOfStartedCases(1).hasNumberOfFailedCases(1);
        assertThat(results)
                .hasFailedCase("[1] crash at before-send #1")
                .withExceptionInstanceOf(AssertionFailedError.class);
    }

    @Test
    void aReplayKeyRerunsOneSweepCaseWithoutTheRecording() {
        CrashTestResults results = CrashTestKit.reportingTo(reports)
                .with(DeliveryKitConfiguration.REPLAY, "selector=after-commit;hit=4")
                .run(MarkFirstSweepTestCases.class);

        assertThat(results).hasNumberOfStartedCases(1).hasNumberOfFailedCases(1);
        assertThat(results)
                .hasFailedCase("[1] crash after commit #4")
                .withMessage(failure(
                        "mark-first (write \"done\", then send)",
                        0,
                        "crash after commit #4",
                        "selector=after-commit;hit=4"));
    }

    @Test
    void crashNoneReplaysTheSweepsCrashFreeRun() {
        CrashTestResults results = CrashTestKit.reportingTo(reports)
                .with(DeliveryKitConfiguration.REPLAY, "crash=none")
                .run(MarkFirstSweepTestCases.class);

        assertThat(results).hasNumberOfStartedCases(1).hasNumberOfSucceededCases(1);
        results.testEvents()
                .assertThatEvents()
                .haveExactly(
                        1,
                        event(test(), displayName("[1] record boundaries (crash-free run)"), finishedSuccessfully()));
    }

    @Test
    void aTestThatCannotProduceTheReplayedCaseIsSkippedSayingWhyWhileAnotherTestRunsIt() {
        CrashTestResults results = CrashTestKit.reportingTo(reports)
                .with(DeliveryKitConfiguration.REPLAY, "selector=after-commit;hit=4")
                .run(MarkFirstAtEveryBoundaryTestCases.class, MarkFirstSweepTestCases.class);

        assertThat(results).hasStartedCases("[1] crash after commit #4").hasNumberOfFailedContainers(0);
        results.containerEvents()
                .assertThatEvents()
                .haveExactly(
                        1,
                        event(
                                skippedWithReason(
                                        "deliverykit.replay='selector=after-commit;hit=4' selects a case this test does not have")));
    }

    @Test
    void aReplayKeyThatNoTestOfTheRunHasFailsTheRunWithTheClosestKeys() {
        CrashTestResults results = CrashTestKit.reportingTo(reports)
                .with(DeliveryKitConfiguration.REPLAY, "boundary=before-sned;hit=1")
                .run(MarkFirstAtEveryBoundaryTestCases.class);

        assertThat(results).hasNumberOfStartedCases(0);
        Throwable failure = assertThat(results).hasSingleFailedContainer().failure();
        // JUnit wraps what a store value's close() throws: "Failed to close extension context"
        assertThat(failure).isExactlyInstanceOf(JUnitException.class).hasMessage("Failed to close extension context");
        assertThat(failure.getCause())
                .isExactlyInstanceOf(ExtensionConfigurationException.class)
                .hasMessage("deliverykit.replay='boundary=before-sned;hit=1' selects no case of this run, so nothing"
                        + " was replayed: the run's one DeliveryKit test,"
                        + " MarkFirstAtEveryBoundaryTestCases.exactlyOneReservation(CrashScenario, Path), does not have"
                        + " that case.\n"
                        + "Closest keys of this run: boundary=before-send;hit=1, boundary=before-submit;hit=1,"
                        + " boundary=after-send;hit=1\n"
                        + "Fix: copy the key from a failure message or the report (quoted:"
                        + " -Ddeliverykit.replay='...'), or remove deliverykit.replay to run every case.");
        results.containerEvents()
                .assertThatEvents()
                .haveExactly(1, event(engine(), finishedWithFailure(instanceOf(JUnitException.class))));
    }

    @Test
    void aMistypedSelectorFailsTheRunWithTheKeysOfEverySweepAndList() {
        CrashTestResults results = CrashTestKit.reportingTo(reports)
                .with(DeliveryKitConfiguration.REPLAY, "selector=after-comit;hit=3")
                .run(MarkFirstSweepTestCases.class, NeverReachedTestCases.class);

        assertThat(results).hasNumberOfStartedCases(0);
        assertThat(assertThat(results).hasSingleFailedContainer().failure().getCause())
                .isInstanceOf(ExtensionConfigurationException.class)
                .hasMessageStartingWith("deliverykit.replay='selector=after-comit;hit=3' selects no case of this run,"
                        + " so nothing was replayed: none of the run's 2 DeliveryKit tests"
                        + " (MarkFirstSweepTestCases.exactlyOneReservation(CrashScenario, Path),"
                        + " NeverReachedTestCases.exactlyOneReservation(CrashScenario, Path)) has that case.\n"
                        + "Closest keys of this run: selector=after-commit;hit=3, selector=after-commit;hit=9,"
                        + " selector=before-commit;hit=3\n"
                        + "Fix: ");
    }

    @Test
    void aReplayKeyThatCannotBeReadFailsEveryKitTestNamingTheKey() {
        CrashTestResults results = CrashTestKit.reportingTo(reports)
                .with(DeliveryKitConfiguration.REPLAY, "selektor=after-commit;hit=3")
                .run(MarkFirstSweepTestCases.class);

        assertThat(results).hasNumberOfStartedCases(0);
        assertThat(results)
                .hasSingleFailedContainer()
                .withExceptionInstanceOf(ExtensionConfigurationException.class)
                .withMessageStartingWith("DeliveryKit configuration parameter deliverykit.replay ="
                        + " \"selektor=after-commit;hit=3\" cannot be used: unknown field \"selektor\"; known fields:")
                .withMessageContaining("; copy the key from a failure message or the report. Fix: ");
    }

    @Test
    void underParallelExecutionASweepRunsInFullInAnIsolatedClassAndIsRefusedElsewhere() {
        CrashTestResults results = CrashTestKit.reportingTo(reports)
                .with(DeliveryKitConfiguration.SWEEP_EXHAUSTIVE, "true")
                .with("junit.jupiter.execution.parallel.enabled", "true")
                .with("junit.jupiter.execution.parallel.mode.default", "concurrent")
                .with("junit.jupiter.execution.parallel.mode.classes.default", "concurrent")
                .run(IsolatedSweepTestCases.class, MarkFirstAtEveryBoundaryTestCases.class);

        assertThat(results)
                .hasNumberOfStartedCases(11)
                .hasNumberOfSucceededCases(9)
                .hasNumberOfFailedCases(2);
        assertThat(results.failedCases())
                .containsExactly(
                        "[9] crash after commit #1 in TransactionalOutbox.markDone (via Sql.inWriteTransaction)",
                        "[10] crash before commit #1 in WarehouseWithoutDedup.reserve (via Sql.inWriteTransaction)");
        results.containerEvents()
                .assertThatEvents()
                .haveExactly(1, event(container(MarkFirstAtEveryBoundaryTestCases.class), finishedSuccessfully()))
                .haveExactly(
                        1,
                        event(
                                container("exactlyOneReservation"),
                                finishedWithFailure(instanceOf(ExtensionConfigurationException.class))));
    }

    @Test
    void aBoundaryNeverReachedFailsTheCaseWithTheBoundariesItDidReach() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(NeverReachedTestCases.class);

        assertThat(results).hasNumberOfStartedCases(1).hasNumberOfFailedCases(1);
        Throwable failure = assertThat(results).hasSingleFailedCase().failure();
        assertThat(failure).isInstanceOf(AssertionFailedError.class);
        // The failure replaces the engine's BoundaryNotReachedError (its stack trace, no "Caused by" repeating it).
        assertThat(failure.getStackTrace()[0].getClassName()).isEqualTo("dev.deliverykit.boundary.RunVerdicts");
        assertThat(PrintedFailure.count(failure, "Boundary not reached:")).isOne();
        assertThat(PrintedFailure.of(failure)).doesNotContain(BoundaryNotReachedError.class.getName());
        assertThat(failure.getMessage())
                .startsWith("Boundary not reached: the crash was armed at hit 9 of after"
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
                        + "Expected: ")
                .endsWith("reaches the boundary.\n"
                        + "\n"
                        + "DeliveryKit case: crash after commit #9 (in process)\n"
                        + "Replay only this case: -Ddeliverykit.replay='selector=after-commit;hit=9'");
    }

    /** A real process would have died at the crash: what survives is the same, so the catch is listed, no verdict. */
    @Test
    void aSwallowedCrashIsListedAndNoVerdict() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(SwallowingTestCases.class);

        assertThat(results).hasNumberOfStartedCases(1).hasNumberOfSucceededCases(1);
        assertThat(results.afterDeathOf("[1] crash after commit #3"))
                .containsExactly("the workload caught the crash and returned normally");
    }

    @Test
    void aTestThatNeverCallsRunFails() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(ForgetsToRunTestCases.class);

        assertThat(results).hasNumberOfStartedCases(1).hasNumberOfFailedCases(1);
        results.testEvents()
                .assertThatEvents()
                .haveExactly(
                        1,
                        event(
                                test(),
                                finishedWithFailure(
                                        instanceOf(AssertionError.class),
                                        message(
                                                "The test never called scenario.run(...), so crash after"
                                                        + " commit #1 crashed nothing and the test asserted nothing about a crash.\nFix: run the workload"
                                                        + " with scenario.run(() -> ...) or scenario.run(YourProcessWorkload.class, args...), then"
                                                        + " recover with scenario.restart(() -> ...).\n\n"
                                                        + "DeliveryKit case: crash after commit #1 (in process)\n"
                                                        + "Replay only this case: -Ddeliverykit.replay='selector=after-commit;hit=1'"))));
    }

    @Test
    void rerunningOneSweepInvocationByUniqueIdSaysToUseTheReplayKey() {
        String template =
                "[engine:junit-jupiter]/[class:" + MarkFirstSweepTestCases.class.getName() + "]/[test-template:"
                        + "exactlyOneReservation(dev.deliverykit.junit5.CrashScenario, java.nio.file.Path)]";
        CrashTestResults results = CrashTestKit.reportingTo(reports)
                .run(DiscoverySelectors.selectUniqueId(template + "/[test-template-invocation:#3]"));

        assertThat(results).hasNumberOfStartedCases(0);
        results.containerEvents()
                .assertThatEvents()
                .haveExactly(
                        1,
                        event(
                                container("exactlyOneReservation"),
                                finishedWithFailure(
                                        instanceOf(ExtensionConfigurationException.class),
                                        message("@CrashSweep on"
                                                + " MarkFirstSweepTestCases.exactlyOneReservation(CrashScenario, Path): the recording invocation did not"
                                                + " run (was one crash invocation rerun alone, by its unique id?), so there are no crash cases"
                                                + " to run. Fix: run the whole test, or rerun one case with"
                                                + " -Ddeliverykit.replay='<replay key from its failure message>'."))));
    }
}
