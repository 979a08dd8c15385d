package dev.deliverykit.junit5.realstack;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.boundary.Boundary;
import dev.deliverykit.boundary.BoundaryEngine;
import dev.deliverykit.boundary.BoundaryNotReachedError;
import dev.deliverykit.boundary.Selector;
import dev.deliverykit.boundary.SimulatedCrash;
import dev.deliverykit.boundary.WatchList;
import dev.deliverykit.junit5.CrashAt;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.realstack.fixtures.PlainOrders;
import dev.deliverykit.junit5.realstack.fixtures.Shop;
import dev.deliverykit.junit5.realstack.fixtures.Store;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Code that catches the crash and carries on, on plain JDBC and a SQLite file: whatever it does after its death is
 * refused, listed in the case's report entry and no verdict, and nothing it writes then is durable (read back with
 * plain JDBC after the run). Every fixture crashes after its order's commit, so the order row is the one thing that
 * must survive, as after a real exit.
 */
@RealStack
class CarryOnAfterDeathTest {

    /** The fixtures' database directory: the outer test's, so that it can read the file back after the run. */
    static volatile Path dir;

    /** The late writer of {@link LateWriterThreadTestCases}, joined by the outer test before it reads back. */
    static volatile Thread lateWriter;

    /** What the late writer died of. */
    static final AtomicReference<Throwable> lateWriterDiedOf = new AtomicReference<>();

    /** Wakes the waiter of {@link WaitingThreadTestCases}, once its case and a later run have ended. */
    static volatile CountDownLatch wakeUp;

    /** The waiter of {@link WaitingThreadTestCases}, and what it died of. */
    static volatile Thread waiter;

    static final AtomicReference<Throwable> waiterDiedOf = new AtomicReference<>();

    /** An executor of the outer test's, its one thread kept busy so that the dead process's task waits in its queue. */
    static volatile ExecutorService busyExecutor;

    /** The task the dead process queued on {@link #busyExecutor}. */
    static volatile Future<?> queuedTask;

    @TempDir
    Path reports;

    @TempDir
    Path data;

    PlainOrders orders;

    @BeforeEach
    void schema() throws Exception {
        dir = data;
        orders = new PlainOrders(data);
        orders.createSchema();
    }

    @CrashTestKitOnly
    static class WritesOnAConnectionOpenedBeforeTheRunTestCases {
        @CrashAt(selector = "after-commit")
        void placeOrder(CrashScenario scenario) throws Exception {
            PlainOrders orders = new PlainOrders(dir);
            try (Connection early = orders.open()) {
                scenario.run(() -> {
                    try {
                        orders.placeOrder("o-1");
                    } catch (Throwable failure) {
                        PlainOrders.audit(early, "caught " + failure.getClass().getSimpleName());
                    } finally {
                        PlainOrders.audit(early, "finally");
                    }
                });
            }
        }
    }

    @CrashTestKitOnly
    static class StatementPreparedBeforeTheRunExecutedInFinallyTestCases {
        @CrashAt(selector = "after-commit")
        void placeOrder(CrashScenario scenario) throws Exception {
            PlainOrders orders = new PlainOrders(dir);
            try (Connection early = orders.open();
                    PreparedStatement audit = early.prepareStatement(PlainOrders.AUDIT)) {
                scenario.run(() -> {
                    try {
                        orders.placeOrder("o-1");
                    } finally {
                        PlainOrders.audit(audit, "finally");
                    }
                });
            }
        }
    }

    @CrashTestKitOnly
    static class SwallowsThenThrowsAnotherTestCases {
        @CrashAt(selector = "after-commit")
        void placeOrder(CrashScenario scenario) {
            PlainOrders orders = new PlainOrders(dir);
            scenario.run(() -> {
                try {
                    orders.placeOrder("o-1");
                } catch (Throwable failure) {
                    try (Connection retry = orders.open()) {
                        PlainOrders.audit(retry, "order o-1 failed");
                    } catch (Throwable again) {
                        // best effort
                    }
                    throw new IllegalStateException("order o-1 not placed", failure);
                }
            });
        }
    }

    @CrashTestKitOnly
    static class SwallowsThenReturnsTestCases {
        @CrashAt(selector = "after-commit")
        void placeOrder(CrashScenario scenario) {
            PlainOrders orders = new PlainOrders(dir);
            scenario.run(() -> {
                try {
                    orders.placeOrder("o-1");
                } catch (Throwable failure) {
                    try (Connection retry = orders.open()) {
                        PlainOrders.audit(retry, "order o-1 failed");
                    } catch (Throwable again) {
                        // best effort
                    }
                }
            });
        }
    }

    @CrashTestKitOnly
    static class LateWriterThreadTestCases {
        @CrashAt(selector = "after-commit")
        void placeOrder(CrashScenario scenario) {
            PlainOrders orders = new PlainOrders(dir);
            scenario.run(() -> {
                CountDownLatch died = new CountDownLatch(1);
                Thread writer = new Thread(
                        () -> {
                            try {
                                died.await();
                                try (Connection late = orders.open()) {
                                    PlainOrders.audit(late, "written after the crash");
                                }
                            } catch (Exception failure) {
                                throw new IllegalStateException(failure);
                            }
                        },
                        "late-writer");
                writer.setUncaughtExceptionHandler((thread, death) -> lateWriterDiedOf.set(death));
                lateWriter = writer;
                writer.start();
                try {
                    orders.placeOrder("o-1");
                } finally {
                    died.countDown(); // the writer goes on after the workload's death
                }
            });
        }
    }

    @CrashTestKitOnly
    static class WaitingThreadTestCases {
        @CrashAt(selector = "after-commit")
        void placeOrder(CrashScenario scenario) {
            PlainOrders orders = new PlainOrders(dir);
            CountDownLatch latch = wakeUp;
            scenario.run(() -> {
                Thread thread = new Thread(
                        () -> {
                            try {
                                latch.await(); // still waiting when the run, the case and a later run have ended
                                try (Connection late = orders.open()) {
                                    PlainOrders.audit(late, "written long after the crash");
                                }
                            } catch (Exception failure) {
                                throw new IllegalStateException(failure);
                            }
                        },
                        "waiter");
                thread.setUncaughtExceptionHandler((ended, death) -> waiterDiedOf.set(death));
                waiter = thread;
                thread.start();
                orders.placeOrder("o-1");
            });
        }
    }

    @CrashTestKitOnly
    static class ThreadMadeBeforeTheRunTestCases {
        @CrashAt(selector = "after-commit")
        void placeOrder(CrashScenario scenario) {
            PlainOrders orders = new PlainOrders(dir);
            CountDownLatch latch = wakeUp;
            // constructed by the test method, outside the process: the workload that starts it makes it its own
            Thread thread = new Thread(
                    () -> {
                        try {
                            latch.await(); // released only once the case has ended
                            try (Connection late = orders.open()) {
                                PlainOrders.audit(late, "written by a thread the dead process started");
                            }
                        } catch (Exception failure) {
                            throw new IllegalStateException(failure);
                        }
                    },
                    "waiter");
            thread.setUncaughtExceptionHandler((ended, death) -> waiterDiedOf.set(death));
            waiter = thread;
            scenario.run(() -> {
                thread.start();
                orders.placeOrder("o-1");
            });
        }
    }

    @CrashTestKitOnly
    static class QueuedTaskTestCases {
        @CrashAt(selector = "after-commit")
        void placeOrder(CrashScenario scenario) {
            PlainOrders orders = new PlainOrders(dir);
            scenario.run(() -> {
                queuedTask = busyExecutor.submit(() -> {
                    try (Connection late = orders.open()) {
                        PlainOrders.audit(late, "written by a task queued before the crash");
                    }
                    return null;
                });
                orders.placeOrder("o-1");
            });
        }
    }

    @CrashTestKitOnly
    static class CatchesBoundaryNotReachedTestCases {
        @CrashAt(selector = "after-commit", occurrence = 9)
        void placeOrder(CrashScenario scenario) {
            PlainOrders orders = new PlainOrders(dir);
            try {
                scenario.run(() -> orders.placeOrder("o-1"));
            } catch (BoundaryNotReachedError hidden) {
                // the test hides the kit's verdict
            }
        }
    }

    /** On H2, which accepts blank SQL ({@code execute("")} returns false); sqlite-jdbc refuses it itself. */
    @CrashTestKitOnly
    static class BlankSqlInTheRunTestCases {
        @CrashAt(selector = "after-commit")
        void placeOrder(CrashScenario scenario) throws Exception {
            String url = Store.H2.url(dir, "blank");
            try (Connection connection = DriverManager.getConnection(url);
                    Statement statement = connection.createStatement()) {
                statement.execute("CREATE TABLE IF NOT EXISTS orders (order_id VARCHAR(64) PRIMARY KEY)");
            }
            scenario.run(() -> {
                try (Connection connection = DriverManager.getConnection(url)) {
                    try (Statement statement = connection.createStatement()) {
                        statement.execute("");
                    }
                    PlainOrders.placeOrder(connection, "o-1");
                }
            });
            scenario.restart(() -> {});
            assertThat(Shop.rows(url, "SELECT order_id FROM orders")).containsExactly("o-1");
        }
    }

    private static final String CASE = "crash after commit #1";
    private static final String KEY = "selector=after-commit;hit=1";
    private static final String OPENING = "opening a connection (new org.sqlite.jdbc4.JDBC4Connection(...)) on"
            + " thread main at dev.deliverykit.junit5.realstack.fixtures.PlainOrders.open(PlainOrders.java:N)";

    private CrashTestResults run(Class<?> fixture) {
        return CrashTestKit.reportingTo(reports).run(fixture);
    }

    private List<String> durableOrders() throws Exception {
        return Shop.rows(orders.url(), "SELECT order_id FROM orders ORDER BY order_id");
    }

    private List<String> durableAudit() throws Exception {
        return Shop.rows(orders.url(), "SELECT note FROM audit");
    }

    /**
     * Runs a fixture that carries on after its crash after commit #1: its one case passes (judged by what survives),
     * its report entry lists what the dead process tried, the order row is durable and no audit row is.
     */
    private void assertJudgedByWhatSurvives(Class<?> fixture, String... afterDeath) throws Exception {
        CrashTestResults results = run(fixture);

        assertThat(Outcomes.of(results)).containsExactly("[1] crash after commit #1: SUCCESSFUL");
        assertThat(results.afterDeathOf("[1] " + CASE).stream().map(Outcomes::normalised))
                .containsExactly(afterDeath);
        assertThat(durableOrders()).containsExactly("o-1");
        assertThat(durableAudit()).isEmpty();
    }

    @Test
    void writesInCatchAndFinallyOnAConnectionOpenedBeforeTheRunAreRefusedAndNoVerdict() throws Exception {
        assertJudgedByWhatSurvives(
                WritesOnAConnectionOpenedBeforeTheRunTestCases.class,
                "Connection.prepareStatement() on thread main at"
                        + " dev.deliverykit.junit5.realstack.fixtures.PlainOrders.audit(PlainOrders.java:N) was refused");
    }

    @Test
    void aStatementPreparedBeforeTheRunAndExecutedInFinallyIsRefusedAndNoVerdict() throws Exception {
        assertJudgedByWhatSurvives(
                StatementPreparedBeforeTheRunExecutedInFinallyTestCases.class,
                "PreparedStatement.setString(...) on thread main at"
                        + " dev.deliverykit.junit5.realstack.fixtures.PlainOrders.audit(PlainOrders.java:N) was refused");
    }

    @Test
    void swallowingTheCrashThenThrowingAnotherExceptionIsNoVerdict() throws Exception {
        assertJudgedByWhatSurvives(SwallowsThenThrowsAnotherTestCases.class, OPENING + " was refused");
    }

    @Test
    void swallowingTheCrashThenReturningIsListedAndNoVerdict() throws Exception {
        assertJudgedByWhatSurvives(
                SwallowsThenReturnsTestCases.class,
                "the workload caught the crash and returned normally",
                OPENING + " was refused");
        assertThat(Outcomes.normalised(Files.readString(reports.resolve("report.html"))))
                .contains("<details class=\"afterDeath\"><summary>after the death: 2 lines (refused, no"
                        + " verdict)</summary><ul><li>the workload caught the crash and returned normally</li><li>"
                        + OPENING + " was refused</li></ul></details>");
    }

    /**
     * The writer starts its JDBC work only after the death (its latch is released by the dying workload's
     * finally block): its first call is refused, which is its notice, and it dies of it. Nothing it wrote is
     * durable and it did not carry on after a notice, so the case passes: the durable state is the one a
     * real crash leaves, and the invariants judge it.
     */
    @Test
    void aThreadTheWorkloadStartedThatWritesAfterTheCrashIsRefusedAndWritesNothing() throws Exception {
        CrashTestResults results = run(LateWriterThreadTestCases.class);
        lateWriter.join(); // it ends either way: its write succeeds or dies

        assertThat(Outcomes.of(results)).containsExactly("[1] crash after commit #1: SUCCESSFUL");
        assertThat(lateWriterDiedOf)
                .hasValueSatisfying(death -> assertThat(death)
                        .isInstanceOf(SimulatedCrash.class)
                        .hasMessage(
                                "The simulated process already died at hit 1 of after commit (on thread main); opening a"
                                        + " connection (new org.sqlite.jdbc4.JDBC4Connection(...)) on thread late-writer was refused"
                                        + " before it reached the database: a dead process does nothing more."));
        assertThat(durableOrders()).containsExactly("o-1");
        assertThat(durableAudit()).isEmpty();
    }

    /**
     * The waiter is waiting when the run ends, so it is no reason to wait; it wakes only after its case and a later,
     * crash-free run of the engine have ended, and its first call is still refused: a dead process commits nothing,
     * however late.
     */
    @Test
    void aThreadThatWaitsWhenTheRunEndsIsRefusedAfterLaterRunsToo() throws Exception {
        wakeUp = new CountDownLatch(1);
        CrashTestResults results = run(WaitingThreadTestCases.class);
        BoundaryEngine.get().record(WatchList.of(Boundary.of(Selector.afterCommit())), () -> orders.placeOrder("o-2"));

        wakeUp.countDown();
        waiter.join();

        assertThat(Outcomes.of(results)).containsExactly("[1] crash after commit #1: SUCCESSFUL");
        assertThat(waiterDiedOf)
                .hasValueSatisfying(death -> assertThat(death)
                        .isInstanceOf(SimulatedCrash.class)
                        .hasMessage(
                                "The simulated process already died at hit 1 of after commit (on thread main); opening a"
                                        + " connection (new org.sqlite.jdbc4.JDBC4Connection(...)) on thread waiter was refused"
                                        + " before it reached the database: a dead process does nothing more."));
        assertThat(durableOrders()).containsExactly("o-1", "o-2");
        assertThat(durableAudit()).isEmpty();
    }

    /**
     * The waiter was constructed before the run, by the test method, and started by the workload: it belongs to the
     * process from its start, so its first call after the case has ended is refused, and nothing it writes is durable.
     */
    @Test
    void aThreadTheProcessStartedButDidNotMakeIsRefusedAfterItsCase() throws Exception {
        wakeUp = new CountDownLatch(1);
        waiterDiedOf.set(null);
        CrashTestResults results = run(ThreadMadeBeforeTheRunTestCases.class);

        wakeUp.countDown();
        waiter.join();

        assertThat(Outcomes.of(results)).containsExactly("[1] crash after commit #1: SUCCESSFUL");
        assertThat(waiterDiedOf)
                .hasValueSatisfying(death -> assertThat(death)
                        .isInstanceOf(SimulatedCrash.class)
                        .hasMessage(
                                "The simulated process already died at hit 1 of after commit (on thread main); opening a"
                                        + " connection (new org.sqlite.jdbc4.JDBC4Connection(...)) on thread waiter was refused"
                                        + " before it reached the database: a dead process does nothing more."));
        assertThat(durableOrders()).containsExactly("o-1");
        assertThat(durableAudit()).isEmpty();
    }

    /**
     * The dead process handed a task to an executor whose one thread is busy: the task is still queued when its case
     * and a later crash-free run have ended, and when it runs at last it is refused, as every call of the dead process.
     */
    @Test
    void aTaskStillQueuedWhenItsCaseEndsIsRefusedWhenItRunsAfterLaterRuns() throws Exception {
        busyExecutor = Executors.newSingleThreadExecutor();
        CountDownLatch release = new CountDownLatch(1);
        try {
            busyExecutor.submit(() -> {
                release.await(); // the executor's thread is busy outside any run
                return null;
            });
            CrashTestResults results = run(QueuedTaskTestCases.class);
            BoundaryEngine.get()
                    .record(WatchList.of(Boundary.of(Selector.afterCommit())), () -> orders.placeOrder("o-2"));

            release.countDown();
            Throwable refused = Assertions.catchThrowable(() -> queuedTask.get());

            assertThat(Outcomes.of(results)).containsExactly("[1] crash after commit #1: SUCCESSFUL");
            assertThat(refused).isInstanceOf(ExecutionException.class);
            assertThat(refused.getCause()).isInstanceOf(SimulatedCrash.class);
            assertThat(refused.getCause().getMessage().replaceAll("pool-[0-9]+-thread-", "pool-N-thread-"))
                    .isEqualTo("The simulated process already died at hit 1 of after commit (on thread main); opening a"
                            + " connection (new org.sqlite.jdbc4.JDBC4Connection(...)) on thread pool-N-thread-1 was"
                            + " refused before it reached the database: a dead process does nothing more.");
            assertThat(durableOrders()).containsExactly("o-1", "o-2");
            assertThat(durableAudit()).isEmpty();
        } finally {
            busyExecutor.shutdownNow();
        }
    }

    @Test
    void aTestThatCatchesBoundaryNotReachedItselfStillFails() throws Exception {
        CrashTestResults results = run(CatchesBoundaryNotReachedTestCases.class);

        assertThat(results).hasNumberOfStartedCases(1).hasNumberOfFailedCases(1);
        assertThat(assertThat(results).hasSingleFailedCase().failure())
                .hasMessageStartingWith("Boundary not reached: the crash was armed at hit 9 of"
                        + " after commit, but the workload returned normally after reaching it 1 time.\n"
                        + "Reached boundaries (hits):\n"
                        + "  after statement \"PRAGMA busy_timeout = 5000\": 1\n"
                        + "  after statement \"INSERT INTO orders(order_id) VALUES (?)\": 1\n"
                        + "  after commit: 1\n"
                        + "Expected: ")
                .hasMessageEndingWith("reaches the boundary.\n"
                        + "\n"
                        + Spec.suffix("crash after commit #9", "selector=after-commit;hit=9"));
        assertThat(durableOrders()).containsExactly("o-1");
    }

    @Test
    void blankSqlThatTheDriverAcceptsDoesNotBreakTheCodeUnderTest() throws Exception {
        try (Connection connection = DriverManager.getConnection(Store.H2.url(data, "outside"));
                Statement statement = connection.createStatement()) {
            assertThat(statement.execute("")).isFalse(); // outside a run: the driver accepts it
        }

        CrashTestResults results = run(BlankSqlInTheRunTestCases.class);

        assertThat(Outcomes.of(results)).containsExactly("[1] crash after commit #1: SUCCESSFUL");
    }
}
