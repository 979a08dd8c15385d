package dev.deliverykit.junit5.guards;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.junit5.internal.execution.VacuousFailures;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crash tests that could never fail are refused, with what happened and the fix: commits that do not survive a child
 * JVM's exit, an in-memory database, invariants that read another file, and a database file the test JVM holds
 * locked; their twins that can fail run green.
 */
class CannotFailTests {

    /** How a refused crash-free run in this JVM ends, before the case's block: its causes and the fix. */
    private static final String RECORDING_BLOCK = "\n\nDeliveryKit case: record boundaries (crash-free run) (in"
            + " process)\nReplay only this case: -Ddeliverykit.replay='crash=none'";

    @TempDir
    Path reports;

    private CrashTestResults run(Class<?> testCases) {
        return CrashTestKit.reportingTo(reports).run(testCases);
    }

    @Test
    void h2WithItsDefaultWriteDelayInAChildLosesTheCommitsAndIsRefused() {
        CrashTestResults results = run(CannotFailTestCases.H2WithItsWriteDelay.class);

        assertThat(results).hasNumberOfStartedCases(3).hasNumberOfSucceededCases(2);
        assertThat(results)
                .hasSingleFailedCase("[3] crash after commit #1 in CannotFailTestCases.commitEffect (child JVM)")
                .withMessage(VacuousFailures.commitsLost(
                                1,
                                List.of("[H2WithItsWriteDelay.onceEach] no key of EFFECT.K on shop (H2) has more than 1"
                                        + " effect: read nothing (checked 0 effect rows, 0 keys)"))
                        + "\n\n" + """
                        DeliveryKit case: crash after commit #1 in CannotFailTestCases.commitEffect (child JVM)
                        Replay only this case: -Ddeliverykit.replay='selector=after-commit;within=\
                        dev.deliverykit.junit5.guards.CannotFailTestCases#commitEffect;hit=1'""");
    }

    @Test
    void h2WithoutAWriteDelayKeepsEveryCommitOfTheChild() {
        assertThat(run(CannotFailTestCases.H2WithoutWriteDelay.class))
                .hasNumberOfStartedCases(3)
                .hasNumberOfSucceededCases(3);
    }

    @Test
    void anInMemoryDatabaseThatTheInvariantsCannotSeeIsRefusedAfterTheCrashFreeRun() {
        CrashTestResults results = run(CannotFailTestCases.SqliteInMemory.class);

        assertThat(results).hasNumberOfStartedCases(3).hasNumberOfFailedCases(3);
        assertThat(results)
                .hasFailedCase("[1] record boundaries (crash-free run)")
                .withMessage(VacuousFailures.nothingAfterTheCrashFreeRun(
                                1,
                                List.of("[SqliteInMemory.onceEach] no key of effect.k on jdbc:sqlite::memory: has more"
                                        + " than 1 effect: could not read its tables (invariant 'once per key' could"
                                        + " not run its effects query on jdbc:sqlite::memory:: [SQLITE_ERROR] SQL error"
                                        + " or missing database (no such table: effect))"))
                        + RECORDING_BLOCK);
    }

    @Test
    void invariantsThatReadAnotherFileThanTheWorkloadWritesAreRefused() {
        CrashTestResults results = run(CannotFailTestCases.InvariantsReadAnotherFile.class);

        assertThat(results).hasNumberOfStartedCases(3).hasNumberOfFailedCases(3);
        assertThat(results.failureOf("[1] record boundaries (crash-free run)")
                        .orElseThrow()
                        .getMessage())
                .isEqualTo(VacuousFailures.nothingAfterTheCrashFreeRun(
                                1,
                                List.of(
                                        "[InvariantsReadAnotherFile.onceEach] no key of effect.k on shop-test.db has"
                                                + " more than 1 effect: read nothing (checked 0 effect rows, 0 keys)",
                                        "[InvariantsReadAnotherFile.neverLost] every intent key of effect.k on"
                                                + " orders.db has at least 1 effect in effect.k on shop-test.db: could"
                                                + " not read its tables (invariant 'no lost effect' could not run its"
                                                + " intents query on orders.db: [SQLITE_ERROR] SQL error or missing"
                                                + " database (no such table: effect))"))
                        + RECORDING_BLOCK);
    }

    @Test
    void anInvariantEmptyByDesignAndNoRowsInvariantsLetTheSweepRun() {
        assertThat(run(CannotFailTestCases.EmptyByDesign.class))
                .hasNumberOfStartedCases(3)
                .hasNumberOfSucceededCases(3);
    }

    @Test
    void aDatabaseFileTheTestJvmHoldsLockedIsExplainedBeforeTheChildStarts() {
        CrashTestResults results = run(CannotFailTestCases.H2HeldOpenByTheTestJvm.class);

        assertThat(results).hasNumberOfStartedCases(1).hasNumberOfFailedCases(1);
        String message = results.failureOf("[1] crash after commit #1 (child JVM)")
                .orElseThrow()
                .getMessage();
        assertThat(message.replaceAll(" \\S+/shop\\.mv\\.db ", " <dir>/shop.mv.db "))
                .startsWith("java.lang.IllegalStateException: The test JVM holds the database file <dir>/shop.mv.db"
                        + " locked, so the child JVM of crash after commit #1 (child JVM) could not open it")
                .contains(". Fix: ")
                .endsWith("""
                        .

                        DeliveryKit case: crash after commit #1 (child JVM)
                        Replay only this case: -Ddeliverykit.replay='selector=after-commit;hit=1'""");
    }

    @Test
    void aDatabaseTheTestJvmHoldsOutsideTheCasesDirectoriesDoesNotStopTheChild(@TempDir Path elsewhere) {
        CannotFailTestCases.H2ElsewhereHeldByTheTestJvm.elsewhere = elsewhere;

        assertThat(run(CannotFailTestCases.H2ElsewhereHeldByTheTestJvm.class))
                .hasNumberOfStartedCases(1)
                .hasNumberOfSucceededCases(1);
    }
}
