package dev.deliverykit.junit5.guards;

import dev.deliverykit.CrashMode;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.invariant.JdbcSource;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.CrashAt;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crash tests that could never fail, and their twins that can, run by {@link CannotFailTests}: each workload
 * commits one effect row, {@code effect(k)}, in a transaction of its own.
 */
final class CannotFailTestCases {

    private CannotFailTestCases() {}

    /** Creates {@code effect(k)} if it is missing, inserts {@code key} and commits, on a connection of its own. */
    static void commitEffect(String url, String key) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url, "sa", "")) {
            connection.setAutoCommit(false);
            try (Statement create = connection.createStatement()) {
                create.execute("CREATE TABLE IF NOT EXISTS effect (k VARCHAR(20))");
            }
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO effect (k) VALUES (?)")) {
                insert.setString(1, key);
                insert.executeUpdate();
            }
            connection.commit();
        }
    }

    /** Creates {@code table(k)} and closes the database, as a migration step does before the workload runs. */
    static void createTable(String url, String table) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url, "sa", "");
                Statement create = connection.createStatement()) {
            create.execute("CREATE TABLE " + table + " (k VARCHAR(20))");
        }
    }

    /** H2 in file mode with its default write delay: what the child commits is lost when it halts. */
    @CrashTestKitOnly
    static class H2WithItsWriteDelay {
        @TempDir
        Path dir;

        String url() {
            return "jdbc:h2:file:" + dir.resolve("shop");
        }

        @CheckInvariant
        final Invariant onceEach = Invariants.atMostOncePerKey("once per key")
                .effectsIn(JdbcSource.url(this::url, "sa", "").named("shop (H2)"), "EFFECT", "K");

        @CrashSweep(kinds = SweepKind.COMMITS, mode = CrashMode.CHILD_PROCESS)
        void sweep(CrashScenario scenario) throws Exception {
            scenario.prepare(() -> createTable(url(), "effect"));
            scenario.run(() -> commitEffect(url(), "e-1"));
        }
    }

    /** The same with a write delay of 0: every commit is on disk when the child halts, and the sweep can fail. */
    @CrashTestKitOnly
    static class H2WithoutWriteDelay extends H2WithItsWriteDelay {
        @Override
        String url() {
            return super.url() + ";WRITE_DELAY=0";
        }
    }

    /** An in-memory SQLite database: every connection, the invariant's too, opens a new, empty one. */
    @CrashTestKitOnly
    static class SqliteInMemory {
        @CheckInvariant
        final Invariant onceEach = Invariants.atMostOncePerKey("once per key")
                .effectsIn(JdbcSource.url("jdbc:sqlite::memory:"), "effect", "k");

        @CrashSweep(kinds = SweepKind.COMMITS)
        void sweep(CrashScenario scenario) {
            scenario.run(() -> commitEffect("jdbc:sqlite::memory:", "e-1"));
        }
    }

    /** The workload writes shop.db; the invariants read shop-test.db, which the set-up made with the same schema. */
    @CrashTestKitOnly
    static class InvariantsReadAnotherFile {
        @TempDir
        Path dir;

        @CheckInvariant
        final Invariant onceEach = Invariants.atMostOncePerKey("once per key")
                .effectsIn(
                        JdbcSource.url(() -> "jdbc:sqlite:" + dir.resolve("shop-test.db"))
                                .named("shop-test.db"),
                        "effect",
                        "k");

        @CheckInvariant
        final Invariant neverLost = Invariants.noLostIntent("no lost effect")
                .intentsIn(
                        JdbcSource.url(() -> "jdbc:sqlite:" + dir.resolve("orders.db"))
                                .named("orders.db"),
                        "effect",
                        "k")
                .effectsIn(
                        JdbcSource.url(() -> "jdbc:sqlite:" + dir.resolve("shop-test.db"))
                                .named("shop-test.db"),
                        "effect",
                        "k");

        @CrashSweep(kinds = SweepKind.COMMITS)
        void sweep(CrashScenario scenario) throws Exception {
            scenario.prepare(() -> createTable("jdbc:sqlite:" + dir.resolve("shop-test.db"), "effect"));
            scenario.run(() -> commitEffect("jdbc:sqlite:" + dir.resolve("shop.db"), "e-1"));
        }
    }

    /** A refund table that stays empty unless something goes wrong, declared so: the sweep runs. */
    @CrashTestKitOnly
    static class EmptyByDesign {
        @TempDir
        Path dir;

        // tag::empty-by-design[]
        @CheckInvariant(emptyByDesign = true)
        final Invariant refundedOnce = Invariants.atMostOncePerKey("refunded at most once")
                .effectsIn(JdbcSource.url(() -> "jdbc:sqlite:" + dir.resolve("shop.db")), "refund", "k");
        // end::empty-by-design[]

        @CheckInvariant
        final Invariant noRefund = Invariants.noRows(
                "no refund",
                JdbcSource.url(() -> "jdbc:sqlite:" + dir.resolve("shop.db")),
                "SELECT k FROM refund",
                "nothing is refunded");

        @CrashSweep(kinds = SweepKind.COMMITS)
        void sweep(CrashScenario scenario) throws Exception {
            scenario.prepare(() -> createTable("jdbc:sqlite:" + dir.resolve("shop.db"), "refund"));
            scenario.run(() -> commitEffect("jdbc:sqlite:" + dir.resolve("shop.db"), "e-1"));
        }
    }

    /** The test JVM opens the H2 file before scenario.run(...) and keeps it open: the child could not open it. */
    @CrashTestKitOnly
    static class H2HeldOpenByTheTestJvm {
        @TempDir
        Path dir;

        @CrashAt(selector = "after-commit", mode = CrashMode.CHILD_PROCESS)
        void crash(CrashScenario scenario) throws Exception {
            String url = "jdbc:h2:file:" + dir.resolve("shop") + ";WRITE_DELAY=0";
            try (Connection heldByTheTest = DriverManager.getConnection(url, "sa", "")) {
                scenario.run(() -> commitEffect(url, "e-1"));
            }
        }
    }

    /**
     * The test JVM keeps a database of its own open, outside the case's directories (a cached test context's): the
     * child never opens it, and the case runs.
     */
    @CrashTestKitOnly
    static class H2ElsewhereHeldByTheTestJvm {
        /** Where the test JVM's own database lies; set by the outer test. */
        static Path elsewhere;

        static Connection heldByTheTest;

        @TempDir
        Path dir;

        @CrashAt(selector = "after-commit", mode = CrashMode.CHILD_PROCESS)
        void crash(CrashScenario scenario) throws Exception {
            scenario.prepare(() -> heldByTheTest =
                    DriverManager.getConnection("jdbc:h2:file:" + elsewhere.resolve("cache"), "sa", ""));
            String url = "jdbc:h2:file:" + dir.resolve("shop") + ";WRITE_DELAY=0";
            scenario.run(() -> commitEffect(url, "e-1"));
        }

        @AfterEach
        void close() throws SQLException {
            heldByTheTest.close();
        }
    }
}
