package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.Workload;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
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
                .hasMessageStartingWith("Unknown boundary \"after-outbox-insrt\" in catalogue \"ledger\".")
                .hasMessageContaining("Known boundaries: after-outbox-insert, after-commit.")
                .hasMessageContaining("Fix: ");
        assertThatThrownBy(() -> CrashPlan.fromReplayKey(LEDGER, "boundary=after-comit;hit=2"))
                .isInstanceOf(UnknownBoundaryException.class)
                .satisfies(e -> assertThat(((UnknownBoundaryException) e).knownNames())
                        .containsExactly("after-outbox-insert", "after-commit"));
    }

    @Test
    void anUnreachedBoundaryFailsAndListsTheBoundariesThatWereReached() {
        assertThatThrownBy(() -> ENGINE.crashInProcess(
                        CrashPlan.at(LEDGER, "after-commit").occurrence(2), oneDeposit()))
                .isInstanceOf(BoundaryNotReachedError.class)
                .hasMessageStartingWith(
                        "Boundary not reached: the crash was armed at hit 2 of \"after-commit\" (after commit), but"
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
                                + "Expected: ");
    }

    @Test
    void aWorkloadThatFailsBeforeTheBoundaryIsNotReachedAndKeepsItsException() {
        IllegalStateException failure = new IllegalStateException("remote unavailable");

        assertThatThrownBy(() -> ENGINE.crashInProcess(CrashPlan.at(Selector.afterRollback()), () -> {
                    throw failure;
                }))
                .isInstanceOf(BoundaryNotReachedError.class)
                .hasCause(failure)
                .hasMessageStartingWith(
                        "Boundary not reached: the crash was armed at hit 1 of after rollback, but the workload threw"
                                + " java.lang.IllegalStateException: remote unavailable after reaching it 0 times.\n"
                                + "Reached boundaries (hits):\n"
                                + "  none: no watched boundary, statement, commit or rollback was reached\n"
                                + "Expected: ");
    }

    @Test
    void aMethodOfAClassThatIsNeverLoadedIsNotReachedAndTheMessageSaysWhy() {
        assertThatThrownBy(() -> ENGINE.crashInProcess(
                        CrashPlan.at(Selector.methodEntry("dev.deliverykit.boundary.NeverLoaded#run")), () -> {}))
                .isInstanceOf(BoundaryNotReachedError.class)
                .hasMessageStartingWith("Boundary not reached: the crash was armed at hit 1 of entry of"
                        + " dev.deliverykit.boundary.NeverLoaded#run, but the workload returned normally after reaching"
                        + " it 0 times.\n"
                        + "Reached boundaries (hits):\n"
                        + "  none: no watched boundary, statement, commit or rollback was reached\n"
                        + "Note: dev.deliverykit.boundary.NeverLoaded was never loaded in the process that ran, so none"
                        + " of its methods could be reached.\n"
                        + "Expected: ");
    }

    @Test
    void codeThatCarriesOnAfterTheCrashIsRefusedListedAndNoVerdict() throws Exception {
        CrashResult result =
                ENGINE.crashInProcess(CrashPlan.at(LEDGER, "after-outbox-insert"), new SwallowingWorkload(dir));

        assertThat(result.afterDeath())
                .containsExactly("Connection.createStatement() on thread main at"
                        + " dev.deliverykit.boundary.SwallowingWorkload.run(SwallowingWorkload.java:"
                        + SwallowingWorkload.lineAfterCrash + ") was refused");
        assertThat(SwallowingWorkload.lineAfterCrash).isPositive();
        assertThat(rows("outbox")).isZero(); // judged by what survives: the deposit's transaction died with it
        assertThat(balance()).isZero();
    }

    @Test
    void aSwallowedCrashWithNothingAfterItIsListedAndNoVerdict() throws Exception {
        CrashResult result = ENGINE.crashInProcess(CrashPlan.at(LEDGER, "after-commit"), () -> {
            try {
                oneDeposit().run();
            } catch (Throwable swallowed) {
                // nothing else happens: a real process would have died at the crash, and what survives is the same
            }
        });

        assertThat(result.afterDeath()).containsExactly("the workload caught the crash and returned normally");
        assertThat(rows("outbox")).isOne(); // after the commit: the deposit survives
        assertThat(balance()).isEqualTo(5);
    }

    @Test
    void theDeadProcessCannotOpenANewConnection() throws Exception {
        AtomicReference<Throwable> refused = new AtomicReference<>();

        CrashResult result = ENGINE.crashInProcess(CrashPlan.at(LEDGER, "after-commit"), () -> {
            try {
                oneDeposit().run();
            } catch (SimulatedCrash swallowed) {
                try {
                    LedgerDatabase.SQLITE.open(dir);
                } catch (SimulatedCrash again) {
                    refused.set(again);
                }
            }
        });

        assertThat(refused.get())
                .hasMessage("The simulated process already died at hit 1 of \"after-commit\" (after"
                        + " commit) (on thread main); opening a connection (new org.sqlite.jdbc4.JDBC4Connection(...)) on"
                        + " thread main was refused before it reached the database: a dead process does nothing more.");
        assertThat(result.afterDeath())
                .map(line -> line.replaceAll("\\.java:[0-9]+\\)", ".java:N)"))
                .containsExactly(
                        "the workload caught the crash and returned normally",
                        "opening a connection (new org.sqlite.jdbc4.JDBC4Connection(...)) on thread main at"
                                + " dev.deliverykit.boundary.LedgerDatabase$1.open(LedgerDatabase.java:N) was refused");
    }

    private long rows(String table) throws SQLException {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("ledger.db"));
                ResultSet count = connection.createStatement().executeQuery("SELECT COUNT(*) FROM " + table)) {
            return count.getLong(1);
        }
    }

    private long balance() throws SQLException {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("ledger.db"));
                ResultSet balance =
                        connection.createStatement().executeQuery("SELECT balance FROM account WHERE id = 'A'")) {
            return balance.getLong(1);
        }
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
                } catch (SQLException closed) {
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
        assertThatThrownBy(() -> ENGINE.crashInProcess(
                        CrashPlan.at(Selector.afterCommit()), () -> ENGINE.record(WatchList.of(LEDGER), () -> {})))
                .isInstanceOf(BoundaryNotReachedError.class)
                .cause()
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("Another in-process boundary run is active in this JVM (on thread main)")
                .hasMessageContaining("Fix: run these tests sequentially");
    }
}
