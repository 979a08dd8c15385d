package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;
import org.h2.jdbcx.JdbcConnectionPool;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A thread of a process that waits while it opens a connection (here in H2's pool, which sleeps until one of its
 * connections is free; a driver's retry while the database closes is alike) is working, not stopped: a run and a
 * recovery wait for it, and say so when it does not end in time; once the process died, it is not waited for, as
 * the connection it gets is refused. The pool's one connection is held by the test, outside the process, until the
 * engine has returned; every outcome is read back from the real H2 file.
 */
class ConnectionOpeningTest {

    private static final BoundaryEngine ENGINE = BoundaryEngine.get();

    @TempDir
    Path dir;

    private ExecutorService executor;
    private JdbcConnectionPool pool;

    @BeforeEach
    void createTheTableAPoolOfOneConnectionAndAnExecutor() throws Exception {
        pool = JdbcConnectionPool.create("jdbc:h2:file:" + dir.resolve("shop"), "", "");
        pool.setMaxConnections(1);
        try (Connection connection = pool.getConnection();
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE t(id VARCHAR(16))");
        }
        executor = Executors.newSingleThreadExecutor(task -> new Thread(task, "worker"));
        executor.submit(() -> {}).get(); // its one thread now exists, created outside any run
        System.setProperty(DyingProcess.STOP_TIMEOUT_PROPERTY, "200 ms");
    }

    @AfterEach
    void stopEverything() {
        System.clearProperty(DyingProcess.STOP_TIMEOUT_PROPERTY);
        executor.shutdownNow();
        ENGINE.releaseDeadProcess();
        pool.dispose();
    }

    @Test
    void aRecordingWaitsForATaskWaitingForAConnection() throws Exception {
        AtomicReference<Future<?>> task = new AtomicReference<>();
        try (Connection held = pool.getConnection()) {
            assertThatThrownBy(() -> ENGINE.record(
                            WatchList.of().withEveryTransactionEnd(),
                            () -> task.set(executor.submit(this::insertLate))))
                    .isInstanceOf(ProcessStillRunningError.class)
                    .hasMessageStartingWith("The process under test did not stop within 200 ms after the recording's"
                            + " workload returned: inside a JDBC call on thread(s) worker")
                    .hasMessageContaining("\nFix: ");
        }
        task.get().get(); // the held connection is free: the task goes on
        assertThat(rows()).containsExactly("late");
    }

    @Test
    void aRecoveryWaitsForATaskWaitingForAConnection() throws Exception {
        AtomicReference<Future<?>> task = new AtomicReference<>();
        try (Connection held = pool.getConnection()) {
            assertThatThrownBy(() -> ENGINE.recover(() -> task.set(executor.submit(this::insertLate))))
                    .isInstanceOf(ProcessStillRunningError.class)
                    .hasMessageStartingWith("The process under test did not stop within 200 ms after the recovery"
                            + " returned: inside a JDBC call on thread(s) worker")
                    .hasMessageContaining("\nFix: ");
        }
        task.get().get();
        assertThat(rows()).containsExactly("late");
    }

    @Test
    void aDeadProcessIsNotWaitedForWhileItsTaskWaitsForAConnectionItMayNotUse() throws Exception {
        AtomicReference<Future<?>> task = new AtomicReference<>();
        Path orders = dir.resolve("orders.db");
        try (Connection held = pool.getConnection()) {
            ENGINE.crashInProcess(CrashPlan.at(Selector.afterCommit()), () -> {
                task.set(executor.submit(this::insertLate));
                try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + orders);
                        Statement statement = connection.createStatement()) {
                    connection.setAutoCommit(false);
                    statement.execute("CREATE TABLE o(id TEXT)");
                    connection.commit(); // the process dies here
                }
            });
        }

        assertThatThrownBy(() -> task.get().get())
                .cause()
                .isInstanceOf(SimulatedCrash.class)
                .hasMessageStartingWith(
                        "The simulated process already died at hit 1 of after commit (on thread" + " main); ");
        assertThat(rows()).isEmpty();
    }

    private Void insertLate() throws SQLException {
        try (Connection connection = pool.getConnection(); // waits while the test holds the pool's one connection
                PreparedStatement insert = connection.prepareStatement("INSERT INTO t(id) VALUES (?)")) {
            insert.setString(1, "late");
            insert.executeUpdate();
        }
        return null;
    }

    private List<String> rows() throws SQLException {
        List<String> ids = new ArrayList<>();
        try (Connection connection = pool.getConnection();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT id FROM t")) {
            while (rows.next()) {
                ids.add(rows.getString(1));
            }
        }
        return ids;
    }
}
