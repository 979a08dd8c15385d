package dev.deliverykit.junit5;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.skippedWithReason;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.deliverykit.CrashMode;
import dev.deliverykit.boundary.BoundaryEngine;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.junit5.fixtures.WarehouseReservation;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import dev.deliverykit.reference.outbox.DeliveryProtocol;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real process exits: the workload is a {@code ProcessWorkload} run in a child JVM that halts with exit code 73
 * at the boundary; recovery runs in this JVM on the files the child left.
 */
class ChildProcessModeTest {

    static final List<String> EXIT_CODES = new ArrayList<>();

    @TempDir
    Path reports;

    @CrashTestKitOnly
    @BoundaryCatalogueSource(value = WarehouseReservation.class, field = "WITHOUT_DEDUP")
    static class WithoutDedupInAChildTestCases {
        @CrashAt(value = {"before-send", "after-reserve"}, mode = CrashMode.CHILD_PROCESS)
        void exactlyOneReservation(CrashScenario scenario, @TempDir Path dir) throws Exception {
            try {
                WarehouseReservation.exactlyOnceAsProcess(scenario, DeliveryProtocol.OUTBOX_WITHOUT_DEDUP, dir);
            } finally {
                scenario.crash().flatMap(crash -> crash.childResult())
                        .ifPresent(child -> EXIT_CODES.add(scenario.replayKey() + " exit " + child.exitCode()));
            }
        }
    }

    @CrashTestKitOnly
    @BoundaryCatalogueSource(value = WarehouseReservation.class, field = "ATOMIC_RECEIPT")
    static class AtomicReceiptInferredTestCases {
        @TempDir
        Path dir;

        @CheckInvariant
        Invariant exactlyOnce = WarehouseReservation.exactlyOncePerKey(() -> dir);

        @CrashAt({"after-reserve", "after-send"})
        void exactlyOneReservation(CrashScenario scenario) throws Exception {
            assertThat(scenario.mode()).isEqualTo(CrashMode.CHILD_PROCESS);
            WarehouseReservation.exactlyOnceAsProcess(scenario, DeliveryProtocol.OUTBOX_WITH_ATOMIC_RECEIPT, dir);
        }
    }

    @CrashTestKitOnly
    @BoundaryCatalogueSource(value = WarehouseReservation.class, field = "ATOMIC_RECEIPT")
    static class SameClassInProcessTestCases {
        @CrashAt("after-reserve")
        void exactlyOneReservation(CrashScenario scenario, @TempDir Path dir) throws Exception {
            assertThat(scenario.mode()).isEqualTo(CrashMode.IN_PROCESS);
            WarehouseReservation.exactlyOnceAsProcess(scenario, DeliveryProtocol.OUTBOX_WITH_ATOMIC_RECEIPT, dir);
            assertThat(scenario.crash().orElseThrow().childResult()).isEmpty();
        }
    }

    @CrashTestKitOnly
    @BoundaryCatalogueSource(value = WarehouseReservation.class, field = "WITHOUT_DEDUP")
    static class WithoutDedupInBothModesTestCases {
        @CrashAt("after-reserve")
        @CrashAt(value = "after-reserve", mode = CrashMode.CHILD_PROCESS)
        void exactlyOneReservation(CrashScenario scenario, @TempDir Path dir) throws Exception {
            EXIT_CODES.add(scenario.replayKey() + " " + scenario.mode());
            WarehouseReservation.exactlyOnceAsProcess(scenario, DeliveryProtocol.OUTBOX_WITHOUT_DEDUP, dir);
        }
    }

    @Test
    void oneBoundaryCrashedInBothModesIsTwoCasesWhoseReplayKeysNameTheMode() {
        EXIT_CODES.clear();
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(WithoutDedupInBothModesTestCases.class);

        assertThat(results).hasNumberOfStartedCases(2).hasNumberOfFailedCases(2);
        assertThat(results).hasFailedCase("[2] crash at after-reserve #1 (child JVM)")
                .withMessage("[effects N for reserve42 after a crash and recovery (outbox without"
                        + " receiver dedup)] \nexpected: 1L\n but was: 2L\n\n"
                        + "DeliveryKit case: crash at after-reserve #1 (child JVM)\n"
                        + "Replay only this case: -Ddeliverykit.replay='boundary=after-reserve;hit=1;mode=child-process'");
        assertThat(EXIT_CODES).containsExactly("boundary=after-reserve;hit=1;mode=in-process IN_PROCESS",
                "boundary=after-reserve;hit=1;mode=child-process CHILD_PROCESS");
    }

    @Test
    void aReplayKeyWithAModeRerunsThatModeOnlyAndOneWithoutRerunsBoth() {
        EXIT_CODES.clear();
        assertThat(CrashTestKit.reportingTo(reports)
                .with(DeliveryKitConfiguration.REPLAY, "boundary=after-reserve;hit=1;mode=child-process")
                .run(WithoutDedupInBothModesTestCases.class)).hasNumberOfStartedCases(1).hasNumberOfFailedCases(1);
        assertThat(EXIT_CODES).containsExactly("boundary=after-reserve;hit=1;mode=child-process CHILD_PROCESS");

        EXIT_CODES.clear();
        assertThat(CrashTestKit.reportingTo(reports).with(DeliveryKitConfiguration.REPLAY, "boundary=after-reserve;hit=1")
                .run(WithoutDedupInBothModesTestCases.class)).hasNumberOfStartedCases(2).hasNumberOfFailedCases(2);
        assertThat(EXIT_CODES).containsExactly("boundary=after-reserve;hit=1;mode=in-process IN_PROCESS",
                "boundary=after-reserve;hit=1;mode=child-process CHILD_PROCESS");
    }

    @Test
    void aReplayKeyWithTheModeOfACaseListedInOneModeSelectsItAndAnotherModeSelectsNothing() {
        EXIT_CODES.clear();
        assertThat(CrashTestKit.reportingTo(reports)
                .with(DeliveryKitConfiguration.REPLAY, "boundary=after-reserve;hit=1;mode=child-process")
                .run(WithoutDedupInAChildTestCases.class)).hasNumberOfStartedCases(1).hasNumberOfFailedCases(1);
        assertThat(EXIT_CODES).containsExactly("boundary=after-reserve;hit=1 exit " + BoundaryEngine.CRASH_EXIT_CODE);

        CrashTestResults inProcess = CrashTestKit.reportingTo(reports)
                .with(DeliveryKitConfiguration.REPLAY, "boundary=after-reserve;hit=1;mode=in-process")
                .run(WithoutDedupInAChildTestCases.class);
        assertThat(inProcess).hasNumberOfStartedCases(0);
        inProcess.containerEvents().assertThatEvents().haveExactly(1, event(skippedWithReason(
                "deliverykit.replay='boundary=after-reserve;hit=1;mode=in-process' selects a case this test does not"
                        + " have")));
    }

    @Test
    void aChildJvmHaltsWithExitCode73AndTheBrokenProtocolStillFailsAfterTheReserve() {
        EXIT_CODES.clear();
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(WithoutDedupInAChildTestCases.class);

        assertThat(results).hasNumberOfStartedCases(2).hasNumberOfSucceededCases(1).hasNumberOfFailedCases(1);
        assertThat(results).hasFailedCase("[2] crash at after-reserve #1 (child JVM)")
                .withMessage("[effects N for reserve42 after a crash and recovery (outbox without"
                        + " receiver dedup)] \nexpected: 1L\n but was: 2L\n\n"
                        + "DeliveryKit case: crash at after-reserve #1 (child JVM)\n"
                        + "Replay only this case: -Ddeliverykit.replay='boundary=after-reserve;hit=1'");
        assertThat(EXIT_CODES).containsExactly("boundary=before-send;hit=1 exit " + BoundaryEngine.CRASH_EXIT_CODE,
                "boundary=after-reserve;hit=1 exit " + BoundaryEngine.CRASH_EXIT_CODE);
    }

    @Test
    void theConfiguredModeAppliesToInferredCasesAndTheClassLevelInvariantJudgesWhatTheChildLeft() throws Exception {
        CrashTestResults results = CrashTestKit.reportingTo(reports).with(DeliveryKitConfiguration.MODE, "child_process")
                .run(AtomicReceiptInferredTestCases.class);

        assertThat(results).hasNumberOfStartedCases(2).hasNumberOfSucceededCases(2);
        List<String> cells = new ArrayList<>();
        new ObjectMapper().readTree(reports.resolve("report.json").toFile()).get("tests").get(0).get("cases")
                .forEach(row -> cells.add(row.get("displayName").asText() + ": "
                        + row.get("invariants").get("exactly once per key").get("message").asText()));
        assertThat(cells).containsExactly(
                "crash at after-reserve #1 (child JVM): exactly once per key: holds (checked 1 intent key, 1 effect row)",
                "crash at after-send #1 (child JVM): exactly once per key: holds (checked 1 intent key, 1 effect row)");
    }

    @Test
    void theSameProcessWorkloadRunsInThisJvmForAnInProcessCase() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(SameClassInProcessTestCases.class);

        assertThat(results).hasNumberOfStartedCases(1).hasNumberOfSucceededCases(1);
    }
}
