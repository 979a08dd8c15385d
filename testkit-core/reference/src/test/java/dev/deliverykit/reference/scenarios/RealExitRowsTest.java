package dev.deliverykit.reference.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.CrashMode;
import dev.deliverykit.boundary.BoundaryEngine;
import dev.deliverykit.boundary.CrashResult;
import dev.deliverykit.process.ChildResult;
import dev.deliverykit.reference.outbox.DeliveryBoundary;
import dev.deliverykit.reference.outbox.DeliveryProtocol;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rows of the report's crash tables come from real process exits: a child JVM that the engine halted
 * at the row's boundary with exit code 73, read from its {@link ChildResult} into the row, one row of each
 * table (the whole tables are in the golden report, {@link ScenarioReportTest}).
 */
class RealExitRowsTest {

    @TempDir
    Path dir;

    @Test
    void aRowOfTheTenBoundariesIsAChildThatHaltedWithExitCode73() throws Exception {
        OrderedCrashTable.Row row = OrderedCrashTable.ROWS.get(4);

        OrderedCrashTable.Outcome outcome = OrderedCrashTable.outcomes(dir, CrashMode.CHILD_PROCESS, List.of(row))
                .get(0);

        assertHaltedChild(outcome.crash(), ReferenceBoundaries.CONSUMER_AFTER_RECEIVE_COMMIT);
        assertThat(outcome.cellsWithExit())
                .containsExactly(
                        5,
                        "consumer: after receive commit, before the ack returns",
                        "`consumer.after-receive-commit`",
                        "73",
                        "flow reserved seq=1, outbox A1 accepted=0, inbox A1 pending, projection new last_seq=0 held=0,"
                                + " effects (none)",
                        "advance existing; relay duplicate A1, idle; drain applied 1, idle",
                        "A1 effects 1, projection reserved last_seq=1 held=3");
    }

    @Test
    void aCellOfTheMatrixIsAChildThatHaltedWithExitCode73() throws Exception {
        DeliveryCrashMatrix.Cell cell = DeliveryCrashMatrix.cell(
                        dir, CrashMode.CHILD_PROCESS, DeliveryProtocol.MARK_FIRST, DeliveryBoundary.AFTER_LOCAL_RECORD)
                .call();

        assertHaltedChild(cell.crash(), ReferenceBoundaries.DELIVERY_AFTER_LOCAL_RECORD);
        assertThat(cell.effects())
                .as("N after recovery: mark-first lost the intent")
                .isZero();
        assertThat(CrashEvidence.exitCodes(List.of(cell.crash()))).isEqualTo("The child JVM exited with code 73.");
    }

    @Test
    void aRowOfEachRetentionTableIsAChildThatHaltedWithExitCode73() throws Exception {
        RetentionCrashTables.Table close = RetentionCrashTables.CLOSE_AND_COLLECT;
        RetentionCrashTables.Table execute = RetentionCrashTables.EXECUTE;

        RetentionCrashTables.Outcome closed = RetentionCrashTables.outcomes(
                        close, List.of(close.rows().get(2)), dir.resolve("close"), CrashMode.CHILD_PROCESS)
                .get(0);
        RetentionCrashTables.Outcome executed = RetentionCrashTables.outcomes(
                        execute, List.of(execute.rows().get(0)), dir.resolve("execute"), CrashMode.CHILD_PROCESS)
                .get(0);

        assertHaltedChild(closed.crash(), ReferenceBoundaries.CLOSE_AFTER_COMMIT);
        assertThat(closed.cellsWithExit())
                .containsExactly(
                        "after commit, before reply", "`close-and-collect.after-commit`", "73", 1L, 0L, "closed", 1L);
        assertHaltedChild(executed.crash(), ReferenceBoundaries.EXECUTE_AFTER_EFFECT_INSERT);
        assertThat(executed.cellsWithExit())
                .containsExactly(
                        "after the effect insert, before the receipt insert",
                        "`execute.after-effect-insert`",
                        "73",
                        0L,
                        0L,
                        "created (effect 1)",
                        1L);
    }

    @Test
    void aCrashInThisJvmHasNoExitCodeAndTheTableSaysSo() throws Exception {
        OrderedCrashTable.Outcome outcome = OrderedCrashTable.outcomes(
                        dir, CrashMode.IN_PROCESS, List.of(OrderedCrashTable.ROWS.get(4)))
                .get(0);

        assertThat(outcome.crash().mode()).isEqualTo(CrashMode.IN_PROCESS);
        assertThat(outcome.crash().childResult()).isEmpty();
        assertThat(outcome.cellsWithExit()[3]).isEqualTo("none (in process)");
    }

    @Test
    void differingInProcessRowsAreShownWithTheirTable() {
        assertThat(CrashEvidence.inProcessComparison("the same two crashes", false, () -> "| x |\n| --- |\n| 2 |\n"))
                .isEqualTo("In process (the same two crashes in the report's JVM, where the boundary engine rolls back"
                        + " and closes every connection of the dead run and unwinds it): DIFFERENT rows, which the"
                        + " contract does not allow:\n\n| x |\n| --- |\n| 2 |\n");
    }

    /** A real child JVM, halted by the engine at the boundary: exit code 73 and the kit's last words on stderr. */
    private static void assertHaltedChild(CrashResult crash, String boundary) {
        assertThat(crash.mode()).isEqualTo(CrashMode.CHILD_PROCESS);
        assertThat(crash.crashSite().boundary().name()).isEqualTo(boundary);
        ChildResult child = crash.childResult().orElseThrow();
        assertThat(child.exitCode()).isEqualTo(BoundaryEngine.CRASH_EXIT_CODE).isEqualTo(73);
        assertThat(child.stderr().lines().toList())
                .anySatisfy(line -> assertThat(line)
                        .startsWith("[DeliveryKit] halting at hit 1 of \"" + boundary + "\" (")
                        .endsWith(") with exit code 73"));
        assertThat(CrashEvidence.exitCode(crash)).isEqualTo(Integer.toString(child.exitCode()));
    }
}
