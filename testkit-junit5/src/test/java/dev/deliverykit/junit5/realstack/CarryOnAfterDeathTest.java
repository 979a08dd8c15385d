package dev.deliverykit.junit5.realstack;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.boundary.BoundaryNotReachedError;
import dev.deliverykit.boundary.SimulatedCrash;
import dev.deliverykit.junit5.CrashAt;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.realstack.fixtures.PlainOrders;
import dev.deliverykit.junit5.realstack.fixtures.Shop;
import dev.deliverykit.junit5.realstack.fixtures.Store;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Code that catches the crash and carries on, on plain JDBC and a SQLite file: whatever it does after its
 * death fails the case, and nothing it writes then is durable (read back with plain JDBC after the run).
 * Every fixture crashes after its order's commit, so the order row is the one thing that must survive.
 */
class CarryOnAfterDeathTest {

    /** The fixtures' database directory: the outer test's, so that it can read the file back after the run. */
    static volatile Path dir;

    /** The late writer of {@link LateWriterThreadTestCases}, joined by the outer test before it reads back. */
    static volatile Thread lateWriter;

    /** What the late writer died of. */
    static final AtomicReference<Throwable> lateWriterDiedOf = new AtomicReference<>();

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
    private static final String CRASH = "hit 1 of after commit";
    private static final String OPENING = "opening a connection (new org.sqlite.jdbc4.JDBC4Connection(...)) on"
            + " thread main at dev.deliverykit.junit5.realstack.fixtures.PlainOrders.open(PlainOrders.java:N)";
    private static final String SITE =
            "main at dev.deliverykit.junit5.realstack.fixtures.PlainOrders.placeOrder(" + "PlainOrders.java:N)";

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
     * Runs a fixture that carries on after its crash after commit #1: its one case fails, naming where the dead
     * process kept working ({@code place}) and how its workload ended; the order row is durable, no audit row is.
     */
    private void assertKeptWorkingAndNothingLaterIsDurable(Class<?> fixture, String place, String ended)
            throws Exception {
        CrashTestResults results = run(fixture);

        assertThat(results).hasNumberOfStartedCases(1).hasNumberOfFailedCases(1);
        assertThat(Outcomes.normalised(
                        assertThat(results).hasSingleFailedCase().failure().getMessage()))
                .isEqualTo(Spec.keptWorking(place, CRASH, SITE, ended, CASE, KEY));
        assertThat(durableOrders()).containsExactly("o-1");
        assertThat(durableAudit()).isEmpty();
    }

    @Test
    void writesInCatchAndFinallyOnAConnectionOpenedBeforeTheRunFailTheCaseAndAreNotDurable() throws Exception {
        assertKeptWorkingAndNothingLaterIsDurable(
                WritesOnAConnectionOpenedBeforeTheRunTestCases.class,
                "Connection.prepareStatement() on thread main at"
                        + " dev.deliverykit.junit5.realstack.fixtures.PlainOrders.audit(PlainOrders.java:N)",
                "threw the kit's SimulatedCrash");
    }

    @Test
    void aStatementPreparedBeforeTheRunAndExecutedInFinallyFailsTheCaseAndIsNotDurable() throws Exception {
        assertKeptWorkingAndNothingLaterIsDurable(
                StatementPreparedBeforeTheRunExecutedInFinallyTestCases.class,
                "PreparedStatement.setString(...) on thread main at"
                        + " dev.deliverykit.junit5.realstack.fixtures.PlainOrders.audit(PlainOrders.java:N)",
                "threw the kit's SimulatedCrash");
    }

    @Test
    void swallowingTheCrashThenThrowingAnotherExceptionFailsTheCase() throws Exception {
        assertKeptWorkingAndNothingLaterIsDurable(
                SwallowsThenThrowsAnotherTestCases.class,
                OPENING,
                "threw java.lang.IllegalStateException: order o-1 not placed");
    }

    @Test
    void swallowingTheCrashThenReturningFailsTheCase() throws Exception {
        assertKeptWorkingAndNothingLaterIsDurable(SwallowsThenReturnsTestCases.class, OPENING, "returned normally");
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

    @Test
    void aTestThatCatchesBoundaryNotReachedItselfStillFails() throws Exception {
        CrashTestResults results = run(CatchesBoundaryNotReachedTestCases.class);

        assertThat(results).hasNumberOfStartedCases(1).hasNumberOfFailedCases(1);
        assertThat(assertThat(results).hasSingleFailedCase().failure())
                .hasMessage("Boundary not reached: the crash was armed at hit 9 of"
                        + " after commit, but the workload returned normally after reaching it 1 time.\n"
                        + "Reached boundaries (hits):\n"
                        + "  after statement \"PRAGMA busy_timeout = 5000\": 1\n"
                        + "  after statement \"INSERT INTO orders(order_id) VALUES (?)\": 1\n"
                        + "  after commit: 1\n"
                        + "Expected: the run to reach that hit, so that the crash test tests something.\n"
                        + "Fix: pick a boundary and hit from the list above, or make the workload run the code that"
                        + " reaches the boundary.\n"
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
