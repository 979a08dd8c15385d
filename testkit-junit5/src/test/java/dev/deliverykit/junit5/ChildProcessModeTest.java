package dev.deliverykit.junit5;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.skippedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.deliverykit.boundary.BoundaryEngine;
import dev.deliverykit.CrashMode;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.junit5.fixtures.EngineTestKitOnly;
import dev.deliverykit.junit5.fixtures.Kit;
import dev.deliverykit.junit5.fixtures.Seed002;
import dev.deliverykit.reference.outbox.DeliveryProtocol;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * Real process exits: the workload is a {@code ProcessWorkload} run in a child JVM that halts with exit code 73
 * at the boundary; recovery runs in this JVM on the files the child left.
 */
class ChildProcessModeTest {

    static final List<String> EXIT_CODES = new ArrayList<>();

    @TempDir
    Path reports;

    @EngineTestKitOnly
    @BoundaryCatalogueSource(value = Seed002.class, field = "WITHOUT_DEDUP")
    static class WithoutDedupInAChild {
        @CrashAt(value = {"boundary-1", "boundary-2"}, mode = CrashMode.CHILD_PROCESS)
        void exactlyOneReservation(CrashScenario scenario, @TempDir Path dir) throws Exception {
            try {
                Seed002.exactlyOnceAsProcess(scenario, DeliveryProtocol.OUTBOX_WITHOUT_DEDUP, dir);
            } finally {
                scenario.crash().flatMap(crash -> crash.childResult())
                        .ifPresent(child -> EXIT_CODES.add(scenario.replayKey() + " exit " + child.exitCode()));
            }
        }
    }

    @EngineTestKitOnly
    @BoundaryCatalogueSource(value = Seed002.class, field = "ATOMIC_RECEIPT")
    static class AtomicReceiptInferred {
        @TempDir
        Path dir;

        @CheckInvariant
        Invariant exactlyOnce = Seed002.exactlyOncePerKey(() -> dir);

        @CrashAt({"boundary-2", "boundary-3"})
        void exactlyOneReservation(CrashScenario scenario) throws Exception {
            assertThat(scenario.mode()).isEqualTo(CrashMode.CHILD_PROCESS);
            Seed002.exactlyOnceAsProcess(scenario, DeliveryProtocol.OUTBOX_WITH_ATOMIC_RECEIPT, dir);
        }
    }

    @EngineTestKitOnly
    @BoundaryCatalogueSource(value = Seed002.class, field = "ATOMIC_RECEIPT")
    static class SameClassInProcess {
        @CrashAt("boundary-2")
        void exactlyOneReservation(CrashScenario scenario, @TempDir Path dir) throws Exception {
            assertThat(scenario.mode()).isEqualTo(CrashMode.IN_PROCESS);
            Seed002.exactlyOnceAsProcess(scenario, DeliveryProtocol.OUTBOX_WITH_ATOMIC_RECEIPT, dir);
            assertThat(scenario.crash().orElseThrow().childResult()).isEmpty();
        }
    }

    @EngineTestKitOnly
    @BoundaryCatalogueSource(value = Seed002.class, field = "WITHOUT_DEDUP")
    static class WithoutDedupInBothModes {
        @CrashAt("boundary-2")
        @CrashAt(value = "boundary-2", mode = CrashMode.CHILD_PROCESS)
        void exactlyOneReservation(CrashScenario scenario, @TempDir Path dir) throws Exception {
            EXIT_CODES.add(scenario.replayKey() + " " + scenario.mode());
            Seed002.exactlyOnceAsProcess(scenario, DeliveryProtocol.OUTBOX_WITHOUT_DEDUP, dir);
        }
    }

    @Test
    void oneBoundaryCrashedInBothModesIsTwoCasesWhoseReplayKeysNameTheMode() {
        EXIT_CODES.clear();
        EngineExecutionResults results = Kit.reportingTo(reports).run(WithoutDedupInBothModes.class);

        results.testEvents().assertStatistics(stats -> stats.started(2).failed(2));
        results.testEvents().assertThatEvents().haveExactly(1, event(test(),
                displayName("[2] crash at boundary-2 #1 (child JVM)"),
                finishedWithFailure(message("[effects N for reserve42 after a crash and recovery (outbox without"
                        + " receiver dedup)] \nexpected: 1L\n but was: 2L\n\n"
                        + "DeliveryKit case: crash at boundary-2 #1 (child JVM)\n"
                        + "Replay only this case: -Ddeliverykit.replay='boundary=boundary-2;hit=1;mode=child-process'"))));
        assertThat(EXIT_CODES).containsExactly("boundary=boundary-2;hit=1;mode=in-process IN_PROCESS",
                "boundary=boundary-2;hit=1;mode=child-process CHILD_PROCESS");
    }

    @Test
    void aReplayKeyWithAModeRerunsThatModeOnlyAndOneWithoutRerunsBoth() {
        EXIT_CODES.clear();
        Kit.reportingTo(reports).with(DeliveryKitConfiguration.REPLAY, "boundary=boundary-2;hit=1;mode=child-process")
                .run(WithoutDedupInBothModes.class).testEvents().assertStatistics(stats -> stats.started(1).failed(1));
        assertThat(EXIT_CODES).containsExactly("boundary=boundary-2;hit=1;mode=child-process CHILD_PROCESS");

        EXIT_CODES.clear();
        Kit.reportingTo(reports).with(DeliveryKitConfiguration.REPLAY, "boundary=boundary-2;hit=1")
                .run(WithoutDedupInBothModes.class).testEvents().assertStatistics(stats -> stats.started(2).failed(2));
        assertThat(EXIT_CODES).containsExactly("boundary=boundary-2;hit=1;mode=in-process IN_PROCESS",
                "boundary=boundary-2;hit=1;mode=child-process CHILD_PROCESS");
    }

    @Test
    void aReplayKeyWithTheModeOfACaseListedInOneModeSelectsItAndAnotherModeSelectsNothing() {
        EXIT_CODES.clear();
        Kit.reportingTo(reports).with(DeliveryKitConfiguration.REPLAY, "boundary=boundary-2;hit=1;mode=child-process")
                .run(WithoutDedupInAChild.class).testEvents().assertStatistics(stats -> stats.started(1).failed(1));
        assertThat(EXIT_CODES).containsExactly("boundary=boundary-2;hit=1 exit " + BoundaryEngine.CRASH_EXIT_CODE);

        EngineExecutionResults inProcess = Kit.reportingTo(reports)
                .with(DeliveryKitConfiguration.REPLAY, "boundary=boundary-2;hit=1;mode=in-process")
                .run(WithoutDedupInAChild.class);
        inProcess.testEvents().assertStatistics(stats -> stats.started(0));
        inProcess.containerEvents().assertThatEvents().haveExactly(1, event(skippedWithReason(
                "deliverykit.replay='boundary=boundary-2;hit=1;mode=in-process' selects a case this test does not"
                        + " have")));
    }

    @Test
    void aChildJvmHaltsWithExitCode73AndTheBrokenProtocolStillFailsAtBoundary2() {
        EXIT_CODES.clear();
        EngineExecutionResults results = Kit.reportingTo(reports).run(WithoutDedupInAChild.class);

        results.testEvents().assertStatistics(stats -> stats.started(2).succeeded(1).failed(1));
        results.testEvents().assertThatEvents().haveExactly(1, event(test(),
                displayName("[2] crash at boundary-2 #1 (child JVM)"),
                finishedWithFailure(message("[effects N for reserve42 after a crash and recovery (outbox without"
                        + " receiver dedup)] \nexpected: 1L\n but was: 2L\n\n"
                        + "DeliveryKit case: crash at boundary-2 #1 (child JVM)\n"
                        + "Replay only this case: -Ddeliverykit.replay='boundary=boundary-2;hit=1'"))));
        assertThat(EXIT_CODES).containsExactly("boundary=boundary-1;hit=1 exit " + BoundaryEngine.CRASH_EXIT_CODE,
                "boundary=boundary-2;hit=1 exit " + BoundaryEngine.CRASH_EXIT_CODE);
    }

    @Test
    void theConfiguredModeAppliesToInferredCasesAndTheClassLevelInvariantJudgesWhatTheChildLeft() throws Exception {
        EngineExecutionResults results = Kit.reportingTo(reports).with(DeliveryKitConfiguration.MODE, "child_process")
                .run(AtomicReceiptInferred.class);

        results.testEvents().assertStatistics(stats -> stats.started(2).succeeded(2));
        List<String> cells = new ArrayList<>();
        new ObjectMapper().readTree(reports.resolve("report.json").toFile()).get("tests").get(0).get("cases")
                .forEach(row -> cells.add(row.get("displayName").asText() + ": "
                        + row.get("invariants").get("exactly once per key").get("message").asText()));
        assertThat(cells).containsExactly(
                "crash at boundary-2 #1 (child JVM): exactly once per key: holds (checked 1 intent key, 1 effect row)",
                "crash at boundary-3 #1 (child JVM): exactly once per key: holds (checked 1 intent key, 1 effect row)");
    }

    @Test
    void theSameProcessWorkloadRunsInThisJvmForAnInProcessCase() {
        EngineExecutionResults results = Kit.reportingTo(reports).run(SameClassInProcess.class);

        results.testEvents().assertStatistics(stats -> stats.started(1).succeeded(1));
    }
}
