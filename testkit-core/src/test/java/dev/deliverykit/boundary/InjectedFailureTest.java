package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.CrashMode;
import dev.deliverykit.Fault;
import dev.deliverykit.ReplayKey;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Injected failures on a real SQLite file: the call fails as production sees it, the process lives on and handles it,
 * and the durable state is read back with plain JDBC.
 */
class InjectedFailureTest {

    private static final BoundaryEngine ENGINE = BoundaryEngine.get();

    @TempDir
    Path dir;

    @BeforeEach
    void createLedger() throws Exception {
        try (Connection connection = LedgerDatabase.SQLITE.open(dir)) {
            new Ledger(connection).createSchema();
        }
    }

    /** Deposits, each in its own transaction; one that fails is noted and the next one goes on: correct code. */
    private List<SQLException> depositNotingFailures(int deposits) throws SQLException {
        List<SQLException> seen = new ArrayList<>();
        for (int i = 1; i <= deposits; i++) {
            try (Connection connection = LedgerDatabase.SQLITE.open(dir)) {
                connection.setAutoCommit(false);
                new Ledger(connection).writeDeposit("o" + i, 5);
                connection.commit();
            } catch (SQLException failed) {
                seen.add(failed);
            }
        }
        return seen;
    }

    @Test
    void aFailureBeforeTheCommitLosesTheTransactionAndTheProcessLivesOn() throws Exception {
        List<SQLException> seen = new ArrayList<>();
        CrashResult result = ENGINE.crashInProcess(
                CrashPlan.at(Selector.beforeCommit()).fault(Fault.FAILURE),
                () -> seen.addAll(depositNotingFailures(2)));

        assertThat(result.replayKey()).isEqualTo("selector=before-commit;hit=1;fault=failure");
        assertThat(result.mode()).isEqualTo(CrashMode.IN_PROCESS);
        assertThat(result.afterDeath()).isEmpty();
        assertThat(result.toString().replaceAll("\\.java:[0-9]+\\)", ".java:N)"))
                .isEqualTo(
                        "failed in process at hit 1 of before commit on thread main at"
                                + " dev.deliverykit.boundary.InjectedFailureTest.depositNotingFailures(InjectedFailureTest.java:N)");
        assertThat(seen).hasSize(1);
        SQLException injected = seen.get(0);
        assertThat(injected.getSQLState()).isEqualTo("08006");
        assertThat((Throwable) injected)
                .hasMessage(InjectedFailureMessages.connectionLost(
                        "hit 1 of before commit", InjectedFailureMessages.lostBefore("Connection.commit()")));
        assertThat(outboxIds()).containsExactly("o2"); // the second deposit ran: the process lived on
        assertThat(balance()).isEqualTo(5);
    }

    @Test
    void aFailureAfterTheCommitAppliesItAndTheCallerCannotKnow() throws Exception {
        List<SQLException> seen = new ArrayList<>();
        ENGINE.crashInProcess(
                CrashPlan.at(Selector.afterCommit()).fault(Fault.FAILURE), () -> seen.addAll(depositNotingFailures(1)));

        SQLException unknown = seen.get(0);
        assertThat(unknown.getSQLState()).isEqualTo("08007");
        assertThat((Throwable) unknown)
                .hasMessage(InjectedFailureMessages.connectionLost(
                        "hit 1 of after commit", InjectedFailureMessages.lostAfterCommit()));
        assertThat(outboxIds()).containsExactly("o1"); // applied, though the caller saw it fail
        assertThat(balance()).isEqualTo(5);
    }

    @Test
    void aServiceThatRetriesAfterAnUnknownCommitOutcomeAppliesItTwice() throws Exception {
        ENGINE.crashInProcess(CrashPlan.at(Selector.afterCommit()).fault(Fault.FAILURE), () -> {
            for (int attempt = 1; attempt <= 2; attempt++) {
                try (Connection connection = LedgerDatabase.SQLITE.open(dir)) {
                    connection.setAutoCommit(false);
                    connection
                            .createStatement()
                            .executeUpdate("UPDATE account SET balance = balance + 5 WHERE id = 'A'");
                    connection.commit();
                    return;
                } catch (SQLException lost) {
                    // retried blindly: the first commit was applied
                }
            }
        });

        assertThat(balance()).isEqualTo(10);
    }

    @Test
    void aWatchedMethodFailsBeforeItRunsWithAnExceptionItDeclares() {
        List<Throwable> seen = new ArrayList<>();
        CrashResult result = ENGINE.crashInProcess(
                CrashPlan.at(Selector.methodEntry(Courier.class.getName() + "#dispatch"))
                        .fault(Fault.FAILURE),
                () -> {
                    Courier courier = new Courier();
                    try {
                        courier.dispatch("m-1");
                    } catch (IOException failed) {
                        seen.add(failed);
                    }
                    courier.dispatch("m-2");
                    seen.add(new IllegalStateException("delivered " + courier.sent()));
                });

        assertThat(result.replayKey())
                .isEqualTo("selector=method-entry:dev.deliverykit.boundary.Courier#dispatch;hit=1;fault=failure");
        assertThat(seen).hasSize(2);
        assertThat(seen.get(0))
                .isExactlyInstanceOf(IOException.class)
                .hasMessage(InjectedFailureMessages.injected(
                        InjectedFailureMessages.methodBefore(
                                "dev.deliverykit.boundary.Courier#dispatch(java.lang.String)"),
                        "hit 1 of entry of dev.deliverykit.boundary.Courier#dispatch"));
        assertThat(seen.get(1)).hasMessage("delivered [m-2]");
    }

    @Test
    void aWatchedMethodThatDeclaresNothingFailsAfterItRanWithTheKitsException() {
        List<Throwable> seen = new ArrayList<>();
        Counter counter = new Counter();
        ENGINE.crashInProcess(
                CrashPlan.at(Selector.methodExit(Counter.class.getName() + "#increment"))
                        .fault(Fault.FAILURE),
                () -> {
                    try {
                        counter.increment();
                    } catch (RuntimeException timedOut) {
                        seen.add(timedOut);
                    }
                });

        assertThat(counter.value()).isOne(); // it ran
        assertThat(seen).hasSize(1);
        assertThat(seen.get(0))
                .isExactlyInstanceOf(InjectedFailureException.class)
                .hasMessage(InjectedFailureMessages.injected(
                        InjectedFailureMessages.methodAfter("dev.deliverykit.boundary.Counter#increment()"),
                        "hit 1 of normal exit of dev.deliverykit.boundary.Counter#increment"));
    }

    @Test
    void aFailureThatIsNeverReachedFailsTheRunAsACrashWould() {
        assertThatThrownBy(() -> ENGINE.crashInProcess(
                        CrashPlan.at(Selector.afterCommit()).occurrence(3).fault(Fault.FAILURE),
                        () -> depositNotingFailures(1)))
                .isInstanceOf(BoundaryNotReachedError.class)
                .hasMessageStartingWith(
                        "Boundary not reached: the crash was armed at hit 3 of after commit, but the workload"
                                + " returned normally after reaching it 1 time.\n"
                                + "Reached boundaries (hits):\n"
                                + "  after statement \"PRAGMA journal_mode=WAL\": 1\n"
                                + "  after statement \"PRAGMA synchronous=FULL\": 1\n"
                                + "  after statement \"PRAGMA busy_timeout=5000\": 1\n"
                                + "  after statement \"UPDATE account SET balance = balance + ? WHERE id = ?\": 1\n"
                                + "  after statement \"INSERT INTO outbox(id, body) VALUES (?, ?)\": 1\n"
                                + "  after commit: 1\n"
                                + "Expected: ");
    }

    @Test
    void aFailureInAChildProcessLivesOnToTheWorkloadsEndAndExits() throws Exception {
        CrashResult result = ENGINE.crashInChildProcess(
                CrashPlan.at(Selector.afterCommit()).fault(Fault.FAILURE),
                ChildLaunch.of(LedgerDeposits.class).args("SQLITE", dir.toString(), "api", "2"));

        assertThat(result.mode()).isEqualTo(CrashMode.CHILD_PROCESS);
        assertThat(result.replayKey()).isEqualTo("selector=after-commit;hit=1;fault=failure");
        // the first deposit was applied and failed its caller, who did not catch it: the child ended there, exit 1
        assertThat(result.childResult().orElseThrow().exitCode()).isEqualTo(1);
        assertThat(outboxIds()).containsExactly("o1");
    }

    @Test
    void aReplayKeyNamesTheFailureAndReadsBack() {
        BoundaryCatalogue none = BoundaryCatalogue.builder("none").build();
        CrashPlan plan = CrashPlan.fromReplayKey(none, "selector=after-commit;hit=2;fault=failure");

        assertThat(plan.fault()).isEqualTo(Fault.FAILURE);
        assertThat(plan.occurrence()).isEqualTo(2);
        assertThat(plan.key()).isEqualTo(ReplayKey.selector("after-commit", 2).failing());
    }

    private List<String> outboxIds() throws SQLException {
        List<String> ids = new ArrayList<>();
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("ledger.db"));
                ResultSet rows = connection.createStatement().executeQuery("SELECT id FROM outbox ORDER BY id")) {
            while (rows.next()) {
                ids.add(rows.getString(1));
            }
        }
        return ids;
    }

    private long balance() throws SQLException {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("ledger.db"));
                ResultSet balance =
                        connection.createStatement().executeQuery("SELECT balance FROM account WHERE id = 'A'")) {
            return balance.getLong(1);
        }
    }
}
