package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The process an in-process crash kills (docs/crash-modes.md, "The process in the test's JVM"): tasks on an
 * executor created before the run belong to it, a thread outside it fails the run without being touched,
 * the verdict waits for the process's tasks, a process that does not stop fails with what is busy, and the
 * databases of other processes survive. Every outcome is read back from real SQLite files with plain JDBC.
 */
class ProcessModelTest {

    private static final BoundaryEngine ENGINE = BoundaryEngine.get();

    @TempDir
    Path dir;

    private ExecutorService executor;

    @BeforeEach
    void createTablesAndAnExecutorWhoseThreadExistsBeforeTheRun() throws Exception {
        for (String db : List.of("mine.db", "theirs.db")) {
            try (Connection connection = open(db);
                    Statement statement = connection.createStatement()) {
                statement.execute("CREATE TABLE t(id TEXT)");
            }
        }
        executor = Executors.newSingleThreadExecutor(task -> new Thread(task, "worker"));
        executor.submit(() -> {}).get(); // its one thread now exists, created outside any run
    }

    @AfterEach
    void stopTheExecutor() {
        executor.shutdownNow();
        ENGINE.releaseDeadProcess();
    }

    @Test
    void aTaskOnAnExecutorCreatedBeforeTheRunBelongsToTheProcessAndCrashesIt() throws Exception {
        List<String> ghost = new ArrayList<>();

        CrashResult result = ENGINE.crashInProcess(CrashPlan.at(Selector.afterCommit()), () -> {
            try {
                executor.submit(() -> {
                            insert("mine.db", "task");
                            return null;
                        })
                        .get();
            } catch (ExecutionException crashedOnTheWorker) {
                // The process is dead: a task handed over now is refused at its first JDBC call (its notice).
                try {
                    executor.submit(() -> {
                                insert("mine.db", "ghost");
                                return null;
                            })
                            .get();
                } catch (ExecutionException refused) {
                    ghost.add(refused.getCause().getMessage());
                }
                throw crashedOnTheWorker;
            }
        });

        assertThat(result.crashSite().threadName()).isEqualTo("worker");
        assertThat(ghost)
                .containsExactly("The simulated process already died at hit 1 of after commit (on thread"
                        + " worker); opening a connection (new org.sqlite.jdbc4.JDBC4Connection(...)) on thread worker was"
                        + " refused before it reached the database: a dead process does nothing more.");
        assertThat(rows("mine.db")).containsExactly("task");
    }

    @Test
    void aThreadTheDeadProcessStartedStaysRefusedAfterTheVerdictWhileItLives() throws Exception {
        CountDownLatch afterTheVerdict = new CountDownLatch(1);
        AtomicReference<Throwable> diedOf = new AtomicReference<>();
        AtomicReference<Thread> writer = new AtomicReference<>();

        ENGINE.crashInProcess(CrashPlan.at(Selector.afterCommit()), () -> {
            Thread late = new Thread(
                    () -> {
                        try {
                            afterTheVerdict.await();
                            insert("mine.db", "late");
                        } catch (InterruptedException | SQLException e) {
                            throw new IllegalStateException(e);
                        }
                    },
                    "late-writer");
            late.setUncaughtExceptionHandler((thread, death) -> diedOf.set(death));
            writer.set(late);
            late.start();
            insert("mine.db", "mine");
        });
        ENGINE.releaseDeadProcess(); // the case ends while its late writer still lives
        afterTheVerdict.countDown();
        writer.get().join();

        assertThat(diedOf.get())
                .isInstanceOf(SimulatedCrash.class)
                .hasMessage("The simulated process already died"
                        + " at hit 1 of after commit (on thread main); opening a connection (new"
                        + " org.sqlite.jdbc4.JDBC4Connection(...)) on thread late-writer was refused before it reached the"
                        + " database: a dead process does nothing more.");
        assertThat(rows("mine.db")).containsExactly("mine");
    }

    @Test
    void aThreadMadeBeforeTheRunThatTheProcessStartsIsRefusedAfterItsDeath() throws Exception {
        CountDownLatch afterTheCrash = new CountDownLatch(1);
        AtomicReference<Throwable> diedOf = new AtomicReference<>();
        // constructed outside the process, so it inherits nothing of it: the process makes it its own by starting it
        Thread late = new Thread(
                () -> {
                    try {
                        afterTheCrash.await();
                        insert("mine.db", "late");
                    } catch (InterruptedException | SQLException e) {
                        throw new IllegalStateException(e);
                    }
                },
                "late-writer");
        late.setUncaughtExceptionHandler((thread, death) -> diedOf.set(death));

        ENGINE.crashInProcess(CrashPlan.at(Selector.afterCommit()), () -> {
            late.start();
            insert("mine.db", "mine");
        });
        afterTheCrash.countDown();
        late.join();

        assertThat(diedOf.get())
                .isInstanceOf(SimulatedCrash.class)
                .hasMessage("The simulated process already died"
                        + " at hit 1 of after commit (on thread main); opening a connection (new"
                        + " org.sqlite.jdbc4.JDBC4Connection(...)) on thread late-writer was refused before it reached the"
                        + " database: a dead process does nothing more.");
        assertThat(rows("mine.db")).containsExactly("mine");
    }

    @Test
    void aTaskThatWaitsWhenItsCaseEndsIsRefusedWhenItWakes() throws Exception {
        CountDownLatch afterTheCase = new CountDownLatch(1);
        AtomicReference<Future<?>> task = new AtomicReference<>();

        ENGINE.crashInProcess(CrashPlan.at(Selector.afterCommit()), () -> {
            // on the executor's thread, made before the run: the task is the process's, the thread is not
            task.set(executor.submit(() -> {
                afterTheCase.await();
                insert("mine.db", "late");
                return null;
            }));
            insert("mine.db", "mine");
        });
        ENGINE.releaseDeadProcess(); // the case ends while the task waits
        afterTheCase.countDown();

        assertThatThrownBy(() -> task.get().get())
                .cause()
                .isInstanceOf(SimulatedCrash.class)
                .hasMessage("The simulated process already died"
                        + " at hit 1 of after commit (on thread main); opening a connection (new"
                        + " org.sqlite.jdbc4.JDBC4Connection(...)) on thread worker was refused before it reached the"
                        + " database: a dead process does nothing more.");
        assertThat(rows("mine.db")).containsExactly("mine");
    }

    @Test
    void aRecoveryHasEndedOnlyOnceTheTaskItHandedToAnExecutorHas() throws Exception {
        AtomicBoolean returned = new AtomicBoolean();
        AtomicBoolean delivered = new AtomicBoolean();

        ENGINE.recover(() -> {
            CompletableFuture.runAsync(() -> {
                // working, not waiting, until the recovery has returned: only then does it write
                while (!returned.get()) {
                    Thread.onSpinWait();
                }
                try {
                    insert("mine.db", "delivered");
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
                delivered.set(true);
            });
            returned.set(true);
        });

        assertThat(delivered).isTrue();
        assertThat(rows("mine.db")).containsExactly("delivered");
    }

    @Test
    void aRecoveryThatDoesNotStopFailsAndSaysWhatIsBusy() throws Exception {
        AtomicBoolean released = new AtomicBoolean();
        System.setProperty(DyingProcess.STOP_TIMEOUT_PROPERTY, "200 ms");
        try {
            assertThatThrownBy(() -> ENGINE.recover(() -> executor.submit(() -> {
                        while (!released.get()) {
                            Thread.onSpinWait(); // working, not waiting: a waiting task would count as stopped
                        }
                    })))
                    .isInstanceOf(ProcessStillRunningError.class)
                    .hasMessageStartingWith(
                            "The process under test did not stop within 200 ms after the recovery" + " returned: ")
                    .hasMessageContaining("on thread(s) worker")
                    .hasMessageContaining("\nFix: ");
        } finally {
            System.clearProperty(DyingProcess.STOP_TIMEOUT_PROPERTY);
            released.set(true);
        }
    }

    @Test
    void aPoolThreadThatTheDeadProcessCreatedServesOthersNormallyAfterwards() throws Exception {
        ExecutorService lazy = Executors.newSingleThreadExecutor(task -> new Thread(task, "lazy-worker"));
        try {
            ENGINE.crashInProcess(
                    CrashPlan.at(Selector.afterCommit()),
                    () -> lazy.submit(() -> {
                                insert("mine.db", "task"); // its worker thread is created here, by the dying process
                                return null;
                            })
                            .get());
            ENGINE.releaseDeadProcess();

            lazy.submit(() -> {
                        insert("theirs.db", "later");
                        return null;
                    })
                    .get();
        } finally {
            lazy.shutdownNow();
        }
        assertThat(rows("mine.db")).containsExactly("task");
        assertThat(rows("theirs.db")).containsExactly("later");
    }

    @Test
    void aThreadOutsideTheProcessFailsTheRunAndItsOwnWorkGoesOnUntouched() throws Exception {
        CountDownLatch go = new CountDownLatch(1);
        CountDownLatch written = new CountDownLatch(1);
        AtomicReference<Throwable> outsiderFailure = new AtomicReference<>();
        Thread outsider = new Thread(
                () -> {
                    try {
                        go.await();
                        insert("theirs.db", "outside");
                    } catch (Throwable t) {
                        outsiderFailure.set(t);
                    } finally {
                        written.countDown();
                    }
                },
                "another-test");
        outsider.start(); // started outside the run: not part of its process

        assertThatThrownBy(() -> ENGINE.crashInProcess(CrashPlan.at(Selector.afterCommit()), () -> {
                    go.countDown();
                    written.await();
                    insert("mine.db", "mine");
                }))
                .isInstanceOf(ThreadOutsideProcessError.class)
                .satisfies(failure -> assertThat(failure.getMessage()
                                .replaceAll(
                                        "lambda\\$[^(]+\\(ProcessModelTest\\.java:[0-9]+\\)",
                                        "lambda(ProcessModelTest.java:N)")
                                .replaceAll("\\(ProcessModelTest\\.java:[0-9]+\\)", "(ProcessModelTest.java:N)"))
                        .startsWith("A thread outside the process under test used JDBC during an in-process run:"
                                + " statement \"INSERT INTO t(id) VALUES (?)\" on thread another-test at"
                                + " dev.deliverykit.boundary.ProcessModelTest.insert(ProcessModelTest.java:N).\n"
                                + "The in-process crash cannot tell what it does to that thread's work"));
        outsider.join();
        assertThat(outsiderFailure.get()).isNull();
        assertThat(rows("theirs.db")).containsExactly("outside");
    }

    @Test
    void aRecordingWaitsForATaskTheWorkloadDidNotWaitFor() throws Exception {
        AtomicBoolean released = new AtomicBoolean();

        Recording recording = ENGINE.record(WatchList.of().withEveryTransactionEnd(), () -> {
            executor.submit(() -> {
                // Working, not waiting, until the workload has returned: a task that waits counts as stopped, and
                // a latch's waiter may still look waiting for a moment after it was released.
                while (!released.get()) {
                    Thread.onSpinWait();
                }
                insert("mine.db", "late");
                return null;
            });
            released.set(true); // the task commits only after the workload returned
        });

        assertThat(recording.hitCounts()).containsEntry("after commit", 1);
        assertThat(recording.hits()).extracting(BoundaryHit::threadName).containsOnly("worker");
        assertThat(rows("mine.db")).containsExactly("late");
    }

    @Test
    void aProcessThatDoesNotStopFailsTheRunAndSaysWhatIsBusy() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        AtomicBoolean released = new AtomicBoolean();
        System.setProperty(DyingProcess.STOP_TIMEOUT_PROPERTY, "200 ms");
        try {
            assertThatThrownBy(() -> ENGINE.record(WatchList.of().withEveryTransactionEnd(), () -> {
                        executor.submit(() -> {
                            started.countDown();
                            while (!released.get()) {
                                Thread.onSpinWait(); // working, not waiting: a waiting task would count as stopped
                            }
                        });
                        started.await();
                    }))
                    .isInstanceOf(ProcessStillRunningError.class)
                    .hasMessageStartingWith("The process under test did not stop within 200 ms after the recording's"
                            + " workload returned: task(s) running on thread(s) worker.\n")
                    .hasMessageContaining("\nFix: ");
        } finally {
            System.clearProperty(DyingProcess.STOP_TIMEOUT_PROPERTY);
            released.set(true);
        }
    }

    @Test
    void theDatabasesOfAnotherProcessSurviveTheCrashAndThoseOfTheDyingOneDie() throws Exception {
        try (Connection theirs = open("theirs.db");
                Connection mine = open("mine.db")) {
            CrashPlan plan = CrashPlan.at(Selector.afterCommit())
                    .withOtherProcessDatabases("jdbc:sqlite:" + dir.resolve("theirs.db"));

            ENGINE.crashInProcess(plan, () -> insert("mine.db", "mine"));

            assertThat(mine.isClosed()).isTrue(); // opened before the run by its thread: part of the process
            assertThat(theirs.isClosed()).isFalse();
            try (Statement statement = theirs.createStatement()) {
                statement.executeUpdate("INSERT INTO t(id) VALUES ('theirs')");
            }
        }
        assertThat(rows("theirs.db")).containsExactly("theirs");
        assertThat(rows("mine.db")).containsExactly("mine");
    }

    @Test
    void aBlankPatternIsStillRefusedWhereTheUserWritesIt() {
        assertThatThrownBy(() -> CrashPlan.at(Selector.afterCommit()).withOtherProcessDatabases(" "))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(SetupMessages.blankDatabasePrefix());
    }

    private Connection open(String db) throws SQLException {
        return DriverManager.getConnection("jdbc:sqlite:" + dir.resolve(db));
    }

    private void insert(String db, String id) throws SQLException {
        try (Connection connection = open(db)) {
            connection.setAutoCommit(false);
            try (var statement = connection.prepareStatement("INSERT INTO t(id) VALUES (?)")) {
                statement.setString(1, id);
                statement.executeUpdate();
            }
            connection.commit();
        }
    }

    private List<String> rows(String db) throws SQLException {
        List<String> ids = new ArrayList<>();
        try (Connection connection = open(db);
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT id FROM t ORDER BY rowid")) {
            while (rows.next()) {
                ids.add(rows.getString(1));
            }
        }
        return ids;
    }
}
