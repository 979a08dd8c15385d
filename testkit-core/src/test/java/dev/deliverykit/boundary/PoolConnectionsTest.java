package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.boundary.Ledger.State;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import org.h2.jdbcx.JdbcConnectionPool;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A connection pool outlives the process: a connection H2's {@link JdbcConnectionPool} opened before a run, or in
 * an earlier run, and keeps idle is not the dead process's and survives its crash, while a plain connection the test
 * opened before the run dies with it. The pool's frames are found above the test runner's frames on the test's
 * thread, and above the engine's frame that runs the workload on the run's thread.
 */
class PoolConnectionsTest {

    private static final BoundaryEngine ENGINE = BoundaryEngine.get();
    private static final CrashPlan CRASH_AFTER_THE_UPDATE = CrashPlan.at(Selector.afterStatement("^UPDATE account"));

    @TempDir
    Path dir;

    private JdbcConnectionPool pool;

    /**
     * A JVM started without {@code -javaagent} gets the JDBC weaving at its first run; connections opened before it
     * are unknown to the kit, whichever test of the fork runs first.
     */
    @BeforeAll
    static void weaveJdbc() {
        ENGINE.record(WatchList.of(), () -> {});
    }

    @BeforeEach
    void createLedgerAndPool() throws SQLException {
        try (Connection connection = LedgerDatabase.H2.open(dir)) {
            new Ledger(connection).createSchema();
        }
        pool = JdbcConnectionPool.create(LedgerDatabase.H2.url(dir), "", "");
    }

    @AfterEach
    void disposePool() {
        pool.dispose();
    }

    @Test
    void aConnectionThePoolOpenedBeforeTheRunSurvivesTheCrashThatClosesAPlainOne() throws Exception {
        borrowAndReturn();
        Connection plain = DriverManager.getConnection(LedgerDatabase.H2.url(dir));

        crashADeposit();

        assertThat(plain.isClosed()).isTrue();
        assertThat(balanceThroughThePool()).isZero();
        assertThat(pool.getActiveConnections()).isZero();
    }

    @Test
    void aConnectionThePoolOpenedInAnEarlierRunSurvivesThisRunsCrash() throws Exception {
        ENGINE.record(WatchList.of().withEveryStatement(), this::borrowAndReturn);

        crashADeposit();

        assertThat(balanceThroughThePool()).isZero();
    }

    /** The pool opens its first physical connection, inside {@link JdbcConnectionPool#getConnection}, and keeps it idle. */
    private void borrowAndReturn() throws SQLException {
        try (Connection connection = pool.getConnection()) {
            assertThat(Ledger.read(connection)).isEqualTo(new State(0, List.of()));
        }
    }

    /** A deposit on the workload's own connection, crashed after its update; nothing of it is committed. */
    private void crashADeposit() {
        CrashResult result = ENGINE.crashInProcess(CRASH_AFTER_THE_UPDATE, () -> {
            try (Connection own = LedgerDatabase.H2.open(dir)) {
                new Ledger(own).depositWithConnectionApi("o1", 5);
            }
        });
        assertThat(result.crashSite().occurrence()).isEqualTo(1);
    }

    /** The balance, read on the pool's idle connection: it fails if the crash closed that connection. */
    private int balanceThroughThePool() throws SQLException {
        try (Connection connection = pool.getConnection()) {
            return Ledger.read(connection).balance();
        }
    }
}
