package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.deliverykit.CrashMode;
import dev.deliverykit.boundary.Ledger.State;
import dev.deliverykit.process.ChildResult;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Real-process mode: a child JVM halts with exit code 73 at the boundary, and the parent recovers from the
 * same files with new connections.
 */
class ChildProcessCrashTest {

    private static final BoundaryEngine ENGINE = BoundaryEngine.get();

    @TempDir
    Path dir;

    private static final BoundaryCatalogue LEDGER = BoundaryCatalogue.builder("ledger")
            .add("after-account-update", Selector.afterStatement("^UPDATE account "))
            .add("after-outbox-insert", Selector.afterStatement("^INSERT INTO outbox"))
            .add("before-commit", Selector.beforeCommit())
            .add("after-commit", Selector.afterCommit())
            .build();

    private void createLedger(LedgerDatabase database) throws SQLException {
        try (Connection connection = database.open(dir)) {
            new Ledger(connection).createSchema();
        }
    }

    private State recover(LedgerDatabase database) throws SQLException {
        try (Connection fresh = database.open(dir, 0);
                Statement statement = fresh.createStatement()) {
            fresh.setAutoCommit(false);
            // A zero lock timeout: the dead child must have left no lock behind.
            assertThat(statement.executeUpdate("UPDATE account SET balance = balance WHERE id = 'A'"))
                    .isEqualTo(1);
            fresh.rollback();
            fresh.setAutoCommit(true);
            return Ledger.read(fresh);
        }
    }

    @Test
    void childHaltsWithExitCode73AfterTheSecondOutboxInsertAndTheParentRecoversTheFirstDeposit() throws Exception {
        createLedger(LedgerDatabase.SQLITE);

        CrashResult result = ENGINE.crashInChildProcess(
                CrashPlan.at(LEDGER, "after-outbox-insert").occurrence(2),
                LedgerDeposits.class,
                "SQLITE",
                dir.toString(),
                "statements",
                "3");

        ChildResult child = result.childResult().orElseThrow();
        assertThat(child.exitCode()).isEqualTo(BoundaryEngine.CRASH_EXIT_CODE);
        assertThat(child.stdout()).doesNotContain("deposited");
        assertThat(child.stderr())
                .contains("[DeliveryKit] halting at hit 2 of \"after-outbox-insert\" (after statement"
                        + " matching /^INSERT INTO outbox/) with exit code 73");
        assertThat(result.mode()).isEqualTo(CrashMode.CHILD_PROCESS);
        assertThat(result.replayKey()).isEqualTo("boundary=after-outbox-insert;hit=2");
        assertThat(result.crashSite().stack().get(0)).startsWith("dev.deliverykit.boundary.Ledger.writeDeposit(");
        assertThat(result.hitCounts())
                .containsEntry("after-account-update", 2)
                .containsEntry("after-outbox-insert", 2)
                .containsEntry("after-commit", 1);
        assertThat(recover(LedgerDatabase.SQLITE)).isEqualTo(new State(5, List.of("o1")));
    }

    @Test
    void childHaltsRightAfterTheFirstCommitStatementAndThatCommitIsDurable() throws Exception {
        createLedger(LedgerDatabase.SQLITE);

        CrashResult result = ENGINE.crashInChildProcess(
                CrashPlan.at(LEDGER, "after-commit"),
                LedgerDeposits.class,
                "SQLITE",
                dir.toString(),
                "statements",
                "3");

        assertThat(result.childResult().orElseThrow().exitCode()).isEqualTo(73);
        assertThat(recover(LedgerDatabase.SQLITE)).isEqualTo(new State(5, List.of("o1")));
    }

    @ParameterizedTest
    @EnumSource(LedgerDatabase.class)
    void connectionApiBoundariesHaltAChildOnEitherDriver(LedgerDatabase database) throws Exception {
        createLedger(database);

        CrashResult beforeCommit = ENGINE.crashInChildProcess(
                CrashPlan.at(LEDGER, "before-commit").occurrence(2),
                LedgerDeposits.class,
                database.name(),
                dir.toString(),
                "api",
                "3");

        assertThat(beforeCommit.childResult().orElseThrow().exitCode()).isEqualTo(73);
        assertThat(recover(database)).isEqualTo(new State(5, List.of("o1")));
    }

    @Test
    void aChildThatNeverReachesTheBoundaryIsReportedWithTheBoundariesItDidReach() throws Exception {
        createLedger(LedgerDatabase.SQLITE);

        assertThatThrownBy(() -> ENGINE.crashInChildProcess(
                        CrashPlan.at(LEDGER, "after-outbox-insert").occurrence(3),
                        LedgerDeposits.class,
                        "SQLITE",
                        dir.toString(),
                        "statements",
                        "2"))
                .isInstanceOf(BoundaryNotReachedError.class)
                .hasMessageStartingWith(
                        "Boundary not reached: the crash was armed at hit 3 of \"after-outbox-insert\" (after"
                                + " statement matching /^INSERT INTO outbox/), but the child JVM running"
                                + " dev.deliverykit.boundary.LedgerDeposits SQLITE " + dir
                                + " statements 2 returned normally"
                                + " (exit code 0) after reaching it 2 times.\n"
                                + "Reached boundaries (hits):\n"
                                + "  after statement \"PRAGMA journal_mode=WAL\": 1\n"
                                + "  after statement \"PRAGMA synchronous=FULL\": 1\n"
                                + "  after statement \"PRAGMA busy_timeout=5000\": 1\n"
                                + "  after statement \"BEGIN IMMEDIATE\": 2\n"
                                + "  \"after-account-update\" (after statement matching /^UPDATE account /): 2\n"
                                + "  after statement \"UPDATE account SET balance = balance + ? WHERE id = ?\": 2\n"
                                + "  \"after-outbox-insert\" (after statement matching /^INSERT INTO outbox/): 2\n"
                                + "  after statement \"INSERT INTO outbox(id, body) VALUES (?, ?)\": 2\n"
                                + "  \"before-commit\" (before commit): 2\n"
                                + "  \"after-commit\" (after commit): 2\n"
                                + "  after commit: 2\n"
                                + "  after statement \"COMMIT\": 2\n"
                                + "Expected: ")
                .satisfies(e -> assertThat(((BoundaryNotReachedError) e)
                                .childResult()
                                .orElseThrow()
                                .stdout())
                        .isEqualTo("deposited 2\n"));
        assertThat(recover(LedgerDatabase.SQLITE)).isEqualTo(new State(12, List.of("o1", "o2")));
    }

    @Test
    void aChildWorkloadThatThrowsBeforeTheBoundaryIsNotReachedAndSaysWhatItThrew() throws Exception {
        // No schema: the first statement fails.
        BoundaryNotReachedError error = catchThrowableOfType(
                BoundaryNotReachedError.class,
                () -> ENGINE.crashInChildProcess(
                        CrashPlan.at(LEDGER, "after-commit"),
                        LedgerDeposits.class,
                        "SQLITE",
                        dir.toString(),
                        "statements",
                        "1"));
        String stderr = error.childResult().orElseThrow().stderr();
        // The child's stack trace ends at the kit's call of the workload: its frames are the driver's and the
        // workload's. (On JDK 24 and later the JVM's own WARNING lines about native access come first.)
        assertThat(stderr)
                .matches("(?s)(WARNING: [^\n]*\n|\n)*"
                        + "The workload threw org\\.sqlite\\.SQLiteException: \\[SQLITE_ERROR\\] SQL error or missing"
                        + " database \\(no such table: account\\)\n"
                        + "(\tat [^\n]+\n)*"
                        + "\tat dev\\.deliverykit\\.boundary\\.LedgerDeposits\\.run\\(LedgerDeposits\\.java:[0-9]+\\)\n"
                        + "\t\\.\\.\\. [0-9]+ frames of the kit and the test runner\n");
        assertThat(error)
                .hasMessage("Boundary not reached: the crash was armed at hit 1 of \"after-commit\" (after"
                        + " commit), but the child JVM running dev.deliverykit.boundary.LedgerDeposits SQLITE " + dir
                        + " statements 1 threw org.sqlite.SQLiteException: [SQLITE_ERROR] SQL error or missing database"
                        + " (no such table: account) (exit code 1; its stack trace is in the child's output below)"
                        + " after reaching it 0 times.\n"
                        + "Reached boundaries (hits):\n"
                        + "  after statement \"PRAGMA journal_mode=WAL\": 1\n"
                        + "  after statement \"PRAGMA synchronous=FULL\": 1\n"
                        + "  after statement \"PRAGMA busy_timeout=5000\": 1\n"
                        + "  after statement \"BEGIN IMMEDIATE\": 1\n"
                        + "  after rollback: 1\n"
                        + "  after statement \"ROLLBACK\": 1\n"
                        + "Expected: the run to reach that hit, so that the crash test tests something.\n"
                        + "Fix: pick a boundary and hit from the list above, or make the workload run the code that"
                        + " reaches the boundary.\n"
                        + "The child's output:\n"
                        + "exit code 1\n"
                        + "--- stdout: empty ---\n"
                        + "--- stderr ---\n"
                        + stderr);
    }

    @Test
    void methodBoundariesHaltAChildToo() throws Exception {
        createLedger(LedgerDatabase.SQLITE);

        CrashResult result = ENGINE.crashInChildProcess(
                CrashPlan.at(Selector.methodEntry(Ledger.class, "depositWithStatements"))
                        .occurrence(2),
                LedgerDeposits.class,
                "SQLITE",
                dir.toString(),
                "statements",
                "3");

        assertThat(result.childResult().orElseThrow().exitCode()).isEqualTo(73);
        assertThat(result.crashSite().stack().get(0))
                .startsWith("dev.deliverykit.boundary.Ledger.depositWithStatements(");
        assertThat(recover(LedgerDatabase.SQLITE)).isEqualTo(new State(5, List.of("o1")));
    }
}
