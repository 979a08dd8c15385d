package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.Workload;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A crash test that crashes nowhere asserts nothing: an unreached boundary, a swallowed crash and an
 * unknown boundary name each fail loudly, with what happened, where, what was expected and how to fix it.
 */
class HonestyTest {

    private static final BoundaryEngine ENGINE = BoundaryEngine.get();

    private static final BoundaryCatalogue LEDGER = BoundaryCatalogue.builder("ledger")
            .add("after-outbox-insert", Selector.afterStatement("^INSERT INTO outbox"))
            .add("after-commit", Selector.afterCommit())
            .build();

    @TempDir
    Path dir;

    @BeforeEach
    void createLedger() throws Exception {
        try (Connection connection = LedgerDatabase.SQLITE.open(dir)) {
            new Ledger(connection).createSchema();
        }
    }

    private Workload oneDeposit() {
        return () -> {
            try (Connection connection = LedgerDatabase.SQLITE.open(dir)) {
                new Ledger(connection).depositWithStatements("o1", 5);
            }
        };
    }

    @Test
    void anUnknownBoundaryNameFailsBeforeAnythingRunsAndListsTheKnownNames() {
        assertThatThrownBy(() -> CrashPlan.at(LEDGER, "after-outbox-insrt"))
                .isInstanceOf(UnknownBoundaryException.class)
                .hasMessage("Unknown boundary \"after-outbox-insrt\" in catalogue \"ledger\". Known boundaries:"
                        + " after-outbox-insert, after-commit. Expected one of these names. Fix: correct the name, or"
                        + " add the boundary with BoundaryCatalogue.builder(\"ledger\").add(\"after-outbox-insrt\","
                        + " selector).");
        assertThatThrownBy(() -> CrashPlan.fromReplayKey(LEDGER, "boundary=after-comit;hit=2"))
                .isInstanceOf(UnknownBoundaryException.class)
                .satisfies(e -> assertThat(((UnknownBoundaryException) e).knownNames())
                        .containsExactly("after-outbox-insert", "after-commit"));
    }

    @Test
    void anUnreachedBoundaryFailsAndListsTheBoundariesThatWereReached() {
        assertThatThrownBy(() -> ENGINE.crashInProcess(CrashPlan.at(LEDGER, "after-commit").occurrence(2), oneDeposit()))
                .isInstanceOf(BoundaryNotReachedError.class)
                .hasMessage("Boundary not reached: the crash was armed at hit 2 of \"after-commit\" (after commit), but"
                        + " the workload returned normally after reaching it 1 time.\n"
                        + "Reached boundaries (hits):\n"
                        + "  after statement \"PRAGMA journal_mode=WAL\": 1\n"
                        + "  after statement \"PRAGMA synchronous=FULL\": 1\n"
                        + "  after statement \"PRAGMA busy_timeout=5000\": 1\n"
                        + "  after statement \"BEGIN IMMEDIATE\": 1\n"
                        + "  after statement \"UPDATE account SET balance = balance + ? WHERE id = ?\": 1\n"
                        + "  \"after-outbox-insert\" (after statement matching /^INSERT INTO outbox/): 1\n"
                        + "  after statement \"INSERT INTO outbox(id, body) VALUES (?, ?)\": 1\n"
                        + "  \"after-commit\" (after commit): 1\n"
                        + "  after commit: 1\n"
                        + "  after statement \"COMMIT\": 1\n"
                        + "Expected: the run to reach that hit, so that the crash test tests something.\n"
                        + "Fix: pick a boundary and hit from the list above, or make the workload run the code that"
                        + " reaches the boundary.");
    }

    @Test
    void aWorkloadThatFailsBeforeTheBoundaryIsNotReachedAndKeepsItsException() {
        IllegalStateException failure = new IllegalStateException("remote unavailable");

        assertThatThrownBy(() -> ENGINE.crashInProcess(CrashPlan.at(Selector.afterRollback()), () -> {
            throw failure;
        }))
                .isInstanceOf(BoundaryNotReachedError.class)
                .hasCause(failure)
                .hasMessage("Boundary not reached: the crash was armed at hit 1 of after rollback, but the workload threw"
                        + " java.lang.IllegalStateException: remote unavailable after reaching it 0 times.\n"
                        + "Reached boundaries (hits):\n"
                        + "  none: no watched boundary, statement, commit or rollback was reached\n"
                        + "Expected: the run to reach that hit, so that the crash test tests something.\n"
                        + "Fix: pick a boundary and hit from the list above, or make the workload run the code that"
                        + " reaches the boundary.");
    }

    @Test
    void aMethodOfAClassThatIsNeverLoadedIsNotReachedAndTheMessageSaysWhy() {
        assertThatThrownBy(() -> ENGINE.crashInProcess(
                CrashPlan.at(Selector.methodEntry("dev.deliverykit.boundary.NeverLoaded#run")), () -> { }))
                .isInstanceOf(BoundaryNotReachedError.class)
                .hasMessage("Boundary not reached: the crash was armed at hit 1 of entry of"
                        + " dev.deliverykit.boundary.NeverLoaded#run, but the workload returned normally after reaching"
                        + " it 0 times.\n"
                        + "Reached boundaries (hits):\n"
                        + "  none: no watched boundary, statement, commit or rollback was reached\n"
                        + "Note: dev.deliverykit.boundary.NeverLoaded was never loaded in the process that ran, so none"
                        + " of its methods could be reached.\n"
                        + "Expected: the run to reach that hit, so that the crash test tests something.\n"
                        + "Fix: pick a boundary and hit from the list above, or make the workload run the code that"
                        + " reaches the boundary.");
    }

    @Test
    void aSwallowedCrashThatCarriesOnFailsAndNamesWhereTheDeadProcessKeptWorking() {
        assertThatThrownBy(() -> ENGINE.crashInProcess(CrashPlan.at(LEDGER, "after-outbox-insert"),
                new SwallowingWorkload(dir)))
                .isInstanceOf(CrashedProcessKeptWorkingError.class)
                .hasCauseInstanceOf(SimulatedCrash.class)
                .satisfies(failure -> assertThat(failure.getMessage().replaceAll("Ledger\\.java:[0-9]+\\)",
                        "Ledger.java:N)")).isEqualTo("The crashed process kept working at Connection.createStatement()"
                        + " on thread main at dev.deliverykit.boundary.SwallowingWorkload.run(SwallowingWorkload.java:"
                        + SwallowingWorkload.lineAfterCrash + "), after the simulated crash at hit 1 of"
                        + " \"after-outbox-insert\" (after statement matching /^INSERT INTO outbox/) on thread main at"
                        + " dev.deliverykit.boundary.Ledger.writeDeposit(Ledger.java:N).\n"
                        + KEPT_WORKING_TAIL.replace("%s", "threw the kit's SimulatedCrash")));
        assertThat(SwallowingWorkload.lineAfterCrash).isPositive();
    }

    /** The part of a kept-working message after its first line; %s is how the workload ended. */
    static final String KEPT_WORKING_TAIL = "The workload then %s. The call was refused before it reached the"
            + " database, so nothing the dead process did after the crash is durable; but in a real process nothing"
            + " runs after a crash, and code that catches a failure and carries on (marks a message sent after its"
            + " send failed) does exactly this.\n"
            + "Expected: the SimulatedCrash to propagate; catch and finally blocks may only roll back, restore"
            + " auto-commit and close.\n"
            + "Fix: do not catch Throwable or Error around the code under test (catch Exception), or rethrow"
            + " SimulatedCrash.";

    @Test
    void aSwallowedCrashWithNothingAfterItNamesWhereTheCrashWasThrown() {
        assertThatThrownBy(() -> ENGINE.crashInProcess(CrashPlan.at(LEDGER, "after-commit"), () -> {
            try {
                oneDeposit().run();
            } catch (Throwable swallowed) {
                // nothing else happens: the engine cannot tell where this catch is
            }
        }))
                .isInstanceOf(CrashSwallowedError.class)
                .satisfies(swallowed -> assertThat(swallowed.getMessage().replaceAll("\\.java:[0-9]+\\)", ".java:N)")).isEqualTo(
                        "Crash swallowed: the simulated crash at hit 1 of \"after-commit\" (after commit) was caught, and"
                        + " the workload returned normally.\n"
                        + "The dead process reached no JDBC call or watched method after the crash, so where the crash"
                        + " was caught is unknown; it was thrown at"
                        + " dev.deliverykit.boundary.Ledger.execute(Ledger.java:N).\n"
                        + "Expected: the SimulatedCrash to propagate out of the workload: nothing runs after a real"
                        + " process death.\n"
                        + "Fix: do not catch Throwable or Error around the code under test (catch Exception), or rethrow"
                        + " SimulatedCrash."));
    }

    @Test
    void theDeadProcessCannotOpenANewConnection() {
        AtomicReference<Throwable> refused = new AtomicReference<>();

        assertThatThrownBy(() -> ENGINE.crashInProcess(CrashPlan.at(LEDGER, "after-commit"), () -> {
            try {
                oneDeposit().run();
            } catch (SimulatedCrash swallowed) {
                try {
                    LedgerDatabase.SQLITE.open(dir);
                } catch (SimulatedCrash again) {
                    refused.set(again);
                }
            }
        })).isInstanceOf(CrashedProcessKeptWorkingError.class)
                .satisfies(failure -> assertThat(failure.getMessage().replaceAll("\\.java:[0-9]+\\)", ".java:N)"))
                        .isEqualTo("The crashed process kept working at opening a connection (new"
                        + " org.sqlite.jdbc4.JDBC4Connection(...)) on thread main at"
                        + " dev.deliverykit.boundary.LedgerDatabase$1.open(LedgerDatabase.java:N), after the simulated"
                        + " crash at hit 1 of \"after-commit\" (after commit) on thread main at"
                        + " dev.deliverykit.boundary.Ledger.execute(Ledger.java:N).\n"
                        + KEPT_WORKING_TAIL.replace("%s", "returned normally")));
        assertThat(refused.get()).hasMessage("The simulated process already died at hit 1 of \"after-commit\" (after"
                + " commit) (on thread main); opening a connection (new org.sqlite.jdbc4.JDBC4Connection(...)) on"
                + " thread main was refused before it reached the database: a dead process does nothing more.");
    }

    @Test
    void rollbackInTheUnwindingCodeIsCleanUpNotCarryingOn() throws Exception {
        // Ledger.depositWithStatements catches SQLException only; a crash inside a JDBC call of code that
        // rolls back on any failure must still count as a clean crash.
        List<String> rolledBack = new ArrayList<>();
        CrashResult result = ENGINE.crashInProcess(CrashPlan.at(LEDGER, "after-outbox-insert"), () -> {
            Connection connection = LedgerDatabase.SQLITE.open(dir);
            connection.setAutoCommit(false);
            try {
                connection.createStatement().executeUpdate("INSERT INTO outbox(id, body) VALUES ('x', 'y')");
            } catch (Throwable any) {
                try {
                    connection.rollback();
                } catch (java.sql.SQLException closed) {
                    rolledBack.add("rollback refused: " + closed.getClass().getSimpleName());
                }
                throw any;
            }
        });

        assertThat(result.crashSite().boundary().name()).isEqualTo("after-outbox-insert");
        assertThat(rolledBack).hasSize(1);
    }

    @Test
    void inProcessRunsCannotOverlap() {
        assertThatThrownBy(() -> ENGINE.crashInProcess(CrashPlan.at(Selector.afterCommit()),
                () -> ENGINE.record(WatchList.of(LEDGER), () -> { })))
                .isInstanceOf(BoundaryNotReachedError.class)
                .cause()
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("Another in-process boundary run is active in this JVM (on thread main); the agent is"
                        + " JVM-wide, so in-process runs cannot overlap. Expected one run at a time. Fix: run these tests"
                        + " sequentially (no parallel JUnit execution for them), or use crashInChildProcess, which may"
                        + " run in parallel.");
    }
}
