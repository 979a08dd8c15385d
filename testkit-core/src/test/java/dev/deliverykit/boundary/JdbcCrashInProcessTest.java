package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.CrashMode;
import dev.deliverykit.Workload;
import dev.deliverykit.boundary.Ledger.State;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Statement and commit boundaries halting small plain-JDBC code in this JVM, on sqlite-jdbc and on H2: the
 * durable state afterwards is exactly what was committed before the boundary, read back by a fresh
 * connection; the crashed connection is closed, its transaction rolled back (another connection takes the
 * write lock at once), and the dead connection cannot be used again.
 */
class JdbcCrashInProcessTest {

    private static final BoundaryEngine ENGINE = BoundaryEngine.get();

    @TempDir
    Path dir;

    private final AtomicReference<Connection> crashed = new AtomicReference<>();

    /** Two deposits (5, then 7) by a workload that opens its own connection. */
    private Workload twoDeposits(LedgerDatabase database, boolean explicitStatements) {
        return twoDeposits(database, explicitStatements, "o");
    }

    /** Two deposits (5, then 7) with outbox ids {@code prefix1} and {@code prefix2}. */
    private Workload twoDeposits(LedgerDatabase database, boolean explicitStatements, String prefix) {
        return () -> {
            Connection connection = database.open(dir);
            crashed.set(connection);
            Ledger ledger = new Ledger(connection);
            if (explicitStatements) {
                ledger.depositWithStatements(prefix + "1", 5);
                ledger.depositWithStatements(prefix + "2", 7);
            } else {
                ledger.depositWithConnectionApi(prefix + "1", 5);
                ledger.depositWithConnectionApi(prefix + "2", 7);
            }
        };
    }

    private void createLedger(LedgerDatabase database) throws SQLException {
        try (Connection connection = database.open(dir)) {
            new Ledger(connection).createSchema();
        }
    }

    private State durableState(LedgerDatabase database) throws SQLException {
        try (Connection fresh = database.open(dir)) {
            return Ledger.read(fresh);
        }
    }

    @Test
    void sqliteExplicitStatementsCrashAfterTheSecondOutboxInsert() throws Exception {
        createLedger(LedgerDatabase.SQLITE);

        CrashResult result = ENGINE.crashInProcess(
                CrashPlan.at(Selector.afterStatement("^INSERT INTO outbox")).occurrence(2),
                twoDeposits(LedgerDatabase.SQLITE, true));

        assertThat(result.mode()).isEqualTo(CrashMode.IN_PROCESS);
        assertThat(result.replayKey()).isEqualTo("selector=after-statement:^INSERT INTO outbox;hit=2");
        assertThat(result.crashSite().occurrence()).isEqualTo(2);
        assertThat(result.crashSite().stack().get(0)).startsWith("dev.deliverykit.boundary.Ledger.writeDeposit(");
        assertThat(durableState(LedgerDatabase.SQLITE)).isEqualTo(new State(5, List.of("o1")));
        assertDeadAndUnlocked(LedgerDatabase.SQLITE);
    }

    @Test
    void aPlanRunAgainCountsItsHitsAfresh() throws Exception {
        createLedger(LedgerDatabase.SQLITE);
        CrashPlan plan =
                CrashPlan.at(Selector.afterStatement("^INSERT INTO outbox")).occurrence(2);

        CrashResult first = ENGINE.crashInProcess(plan, twoDeposits(LedgerDatabase.SQLITE, true, "o"));
        CrashResult second = ENGINE.crashInProcess(plan, twoDeposits(LedgerDatabase.SQLITE, true, "p"));

        // Runs of one plan share what is compiled from its watch list, never its counts: each crashes at its own
        // second insert, after its own first deposit.
        assertThat(first.crashSite().occurrence()).isEqualTo(2);
        assertThat(second.crashSite().occurrence()).isEqualTo(2);
        assertThat(second.hitCounts()).isEqualTo(first.hitCounts());
        assertThat(durableState(LedgerDatabase.SQLITE)).isEqualTo(new State(10, List.of("o1", "p1")));
    }

    @Test
    void aPlanArmedAtAWatchedBoundarysNameWithAnotherSelectorIsRefusedBeforeTheRun() throws Exception {
        createLedger(LedgerDatabase.SQLITE);
        Boundary watched = Boundary.named("outbox-written", Selector.afterStatement("^INSERT INTO outbox"));
        Boundary armed = Boundary.named("outbox-written", Selector.afterCommit());
        CrashPlan plan = CrashPlan.at(armed).watching(WatchList.of(watched));

        assertThatThrownBy(() -> ENGINE.crashInProcess(plan, twoDeposits(LedgerDatabase.SQLITE, true)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(SetupMessages.nameTakenInWatch(
                        "outbox-written", "after statement matching /^INSERT INTO outbox/", "after commit"));
        assertThat(durableState(LedgerDatabase.SQLITE)).isEqualTo(new State(0, List.of()));
    }

    @Test
    void sqliteCommitStatementBoundariesSeparateCommittedFromUncommitted() throws Exception {
        createLedger(LedgerDatabase.SQLITE);
        ENGINE.crashInProcess(
                CrashPlan.at(Selector.beforeCommit()).occurrence(2), twoDeposits(LedgerDatabase.SQLITE, true));
        assertThat(durableState(LedgerDatabase.SQLITE)).isEqualTo(new State(5, List.of("o1")));
        assertDeadAndUnlocked(LedgerDatabase.SQLITE);

        CrashResult afterCommit = ENGINE.crashInProcess(
                CrashPlan.at(Selector.afterCommit()).occurrence(2), twoDeposits(LedgerDatabase.SQLITE, true, "p"));
        // The second run added 5 and 7 on top of the first run's 5: both of its commits are durable.
        assertThat(durableState(LedgerDatabase.SQLITE)).isEqualTo(new State(17, List.of("o1", "p1", "p2")));
        assertThat(afterCommit.hitCounts())
                .containsEntry("after commit", 2)
                .containsEntry("after statement \"COMMIT\"", 2);
    }

    @ParameterizedTest
    @EnumSource(LedgerDatabase.class)
    void connectionApiStatementBoundaryOnEitherDriver(LedgerDatabase database) throws Exception {
        createLedger(database);

        CrashResult result = ENGINE.crashInProcess(
                CrashPlan.at(Selector.afterStatement("INSERT INTO outbox")).occurrence(2),
                twoDeposits(database, false));

        assertThat(result.crashSite().boundary().name()).isEqualTo("after statement matching /INSERT INTO outbox/");
        assertThat(durableState(database)).isEqualTo(new State(5, List.of("o1")));
        assertDeadAndUnlocked(database);
    }

    @ParameterizedTest
    @EnumSource(LedgerDatabase.class)
    void connectionApiCommitBoundariesOnEitherDriver(LedgerDatabase database) throws Exception {
        createLedger(database);

        ENGINE.crashInProcess(CrashPlan.at(Selector.beforeCommit()).occurrence(2), twoDeposits(database, false));
        assertThat(durableState(database)).isEqualTo(new State(5, List.of("o1")));
        assertDeadAndUnlocked(database);

        ENGINE.crashInProcess(CrashPlan.at(Selector.afterCommit()), twoDeposits(database, false, "p"));
        assertThat(durableState(database)).isEqualTo(new State(10, List.of("o1", "p1")));
    }

    @Test
    void h2CommitStatementOnANonAutoCommitConnectionIsACommitBoundary() throws Exception {
        createLedger(LedgerDatabase.H2);

        CrashResult result = ENGINE.crashInProcess(CrashPlan.at(Selector.afterCommit()), () -> {
            Connection connection = LedgerDatabase.H2.open(dir);
            crashed.set(connection);
            new Ledger(connection).depositCommittingWithSql("o1", 5);
            new Ledger(connection).depositCommittingWithSql("o2", 7);
        });

        assertThat(result.hitCounts()).containsEntry("after commit", 1).containsEntry("after statement \"COMMIT\"", 1);
        assertThat(durableState(LedgerDatabase.H2)).isEqualTo(new State(5, List.of("o1")));
        assertDeadAndUnlocked(LedgerDatabase.H2);
    }

    @ParameterizedTest
    @EnumSource(LedgerDatabase.class)
    void rollbackBoundariesByApiAndBySql(LedgerDatabase database) throws Exception {
        createLedger(database);

        CrashResult byApi = ENGINE.crashInProcess(CrashPlan.at(Selector.beforeRollback()), () -> {
            Connection connection = database.open(dir);
            crashed.set(connection);
            new Ledger(connection).abandonDeposit("o1", false);
        });
        CrashResult bySql = ENGINE.crashInProcess(CrashPlan.at(Selector.afterRollback()), () -> {
            Connection connection = database.open(dir);
            crashed.set(connection);
            new Ledger(connection).abandonDeposit("o2", true);
        });

        assertThat(byApi.crashSite().stack().get(0)).startsWith("dev.deliverykit.boundary.Ledger.abandonDeposit(");
        assertThat(bySql.hitCounts())
                .containsEntry("after rollback", 1)
                .containsEntry("after statement \"ROLLBACK\"", 1);
        assertThat(durableState(database)).isEqualTo(new State(0, List.of()));
        assertDeadAndUnlocked(database);
    }

    @Test
    void aConnectionOpenedBeforeTheRunButUsedInItIsKilledToo() throws Exception {
        createLedger(LedgerDatabase.SQLITE);
        Connection openedEarlier = LedgerDatabase.SQLITE.open(dir);
        crashed.set(openedEarlier);

        ENGINE.crashInProcess(
                CrashPlan.at(Selector.afterStatement("^UPDATE account")),
                () -> new Ledger(openedEarlier).depositWithStatements("o1", 5));

        assertThat(durableState(LedgerDatabase.SQLITE)).isEqualTo(new State(0, List.of()));
        assertDeadAndUnlocked(LedgerDatabase.SQLITE);
    }

    @Test
    void theCrashUnwindsWithTheKitsThrowableNamingBoundaryAndHit() throws Exception {
        createLedger(LedgerDatabase.SQLITE);
        AtomicReference<Throwable> seen = new AtomicReference<>();

        ENGINE.crashInProcess(CrashPlan.at(Selector.afterCommit()), () -> {
            try {
                twoDeposits(LedgerDatabase.SQLITE, true).run();
            } catch (Throwable t) {
                seen.set(t);
                throw t;
            }
        });

        assertThat(seen.get()).isInstanceOf(SimulatedCrash.class);
        assertThat(seen.get().getMessage().replaceAll("\\.java:[0-9]+\\)", ".java:N)"))
                .isEqualTo("Simulated crash at hit 1 of after commit on"
                        + " thread main at dev.deliverykit.boundary.Ledger.execute(Ledger.java:N): the process died here; its"
                        + " JDBC connections (1) were rolled back and closed.");
        assertThat(((SimulatedCrash) seen.get()).boundaryName()).isEqualTo("after commit");
        assertThat(((SimulatedCrash) seen.get()).occurrence()).isEqualTo(1);
    }

    /** The crashed connection is closed and refuses work; another connection gets the write lock without waiting. */
    private void assertDeadAndUnlocked(LedgerDatabase database) throws SQLException {
        Connection dead = crashed.get();
        assertThat(dead.isClosed()).isTrue();
        assertThatThrownBy(() -> dead.createStatement().execute("SELECT 1")).isInstanceOf(SQLException.class);
        try (Connection other = database.open(dir, 0);
                Statement statement = other.createStatement()) {
            other.setAutoCommit(false);
            // With a zero lock timeout this fails at once if the crashed transaction still held its lock.
            assertThat(statement.executeUpdate("UPDATE account SET balance = balance WHERE id = 'A'"))
                    .isEqualTo(1);
            other.rollback();
            other.setAutoCommit(true);
        }
    }
}
