package dev.deliverykit.junit5;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.CrashMode;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.junit5.fixtures.WarehouseReservation;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.outbox.DeliveryProtocol;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.io.TempDir;

/** The kit tests that {@link ShardingTests} and {@link MergeReportsTests} split into shards, on real SQLite files. */
final class ShardingTestCases {

    private ShardingTestCases() {}

    /**
     * A sweep of the outbox without receiver dedup over its 5 commits: a recording and 10 crash cases, 2 of which
     * fail (crash case numbers 7 and 8, so shards 4 and 1).
     */
    @CrashTestKitOnly
    static class CommitSweep {
        @TempDir
        Path dir;

        @CheckInvariant
        Invariant exactlyOnce = WarehouseReservation.exactlyOncePerKey(() -> dir);

        @CrashSweep(kinds = SweepKind.COMMITS)
        void exactlyOneReservation(CrashScenario scenario) throws Exception {
            WarehouseReservation.crashAndRecover(scenario, DeliveryProtocol.OUTBOX_WITHOUT_DEDUP, dir);
        }
    }

    /**
     * The crash matrix of the outbox without receiver dedup as a list, 6 cases (2 failing), and a second test of 2
     * cases, which shards 3 and 4 skip.
     */
    @CrashTestKitOnly
    @BoundaryCatalogueSource(value = WarehouseReservation.class, field = "WITHOUT_DEDUP")
    static class CrashAtList {
        @TempDir
        Path dir;

        @CheckInvariant
        Invariant exactlyOnce = WarehouseReservation.exactlyOncePerKey(() -> dir);

        @CrashAt({"before-submit", "before-send", "after-reserve", "after-send", "after-deliver"})
        @CrashAt(selector = "after-commit", occurrence = 4)
        void exactlyOneReservation(CrashScenario scenario) throws Exception {
            WarehouseReservation.crashAndRecover(scenario, DeliveryProtocol.OUTBOX_WITHOUT_DEDUP, dir);
        }

        @CrashAt({"before-submit", "after-deliver"})
        void twoCases(CrashScenario scenario) throws Exception {
            WarehouseReservation.crashAndRecover(scenario, DeliveryProtocol.OUTBOX_WITH_ATOMIC_RECEIPT, dir);
        }
    }

    /**
     * Two entries of a ledger, one transaction each, swept at both sides of each commit in this JVM and as real
     * process exits: per mode a recording and 4 crash cases. Recovery writes what is missing; the test reads the
     * ledger back with plain JDBC.
     */
    @CrashTestKitOnly
    static class BothModes {
        @TempDir
        Path dir;

        @CrashSweep(
                kinds = SweepKind.COMMITS,
                mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
        void everyEntryOnceInOrder(CrashScenario scenario) throws Exception {
            Ledger.sweep(scenario, dir, 2);
        }
    }

    /**
     * The ledger swept in this JVM with {@link #ENTRIES} entries, 2 unless a test changes the code under test to
     * write more.
     */
    @CrashTestKitOnly
    static class InProcess {
        static final AtomicInteger ENTRIES = new AtomicInteger(2);

        @TempDir
        Path dir;

        @CrashSweep(kinds = SweepKind.COMMITS)
        void everyEntryOnceInOrder(CrashScenario scenario) throws Exception {
            Ledger.sweep(scenario, dir, ENTRIES.get());
        }
    }

    /** A SQLite file {@code ledger.db} of numbered entries, each written in a transaction of its own. */
    private record Ledger(SqliteDatabase file, int entries) {

        /** Writes the entries, crashing where the case says; recovery writes the missing ones; reads them back. */
        static void sweep(CrashScenario scenario, Path dir, int entries) throws Exception {
            Ledger ledger = new Ledger(SqliteDatabase.at(dir.resolve("ledger.db")), entries);
            scenario.prepare(ledger::create);
            scenario.run(() -> ledger.writeFrom(1));
            scenario.restart(() -> ledger.writeFrom(ledger.written().size() + 1));
            assertThat(ledger.written())
                    .containsExactlyElementsOf(
                            IntStream.rangeClosed(1, entries).boxed().toList());
        }

        void create() throws SQLException {
            try (Connection connection = file.open();
                    Statement statement = connection.createStatement()) {
                statement.execute("CREATE TABLE entry (seq INTEGER PRIMARY KEY)");
            }
        }

        void writeFrom(int first) throws SQLException {
            try (Connection connection = file.open();
                    PreparedStatement insert = connection.prepareStatement("INSERT INTO entry (seq) VALUES (?)")) {
                connection.setAutoCommit(false);
                for (int seq = first; seq <= entries; seq++) {
                    insert.setInt(1, seq);
                    insert.executeUpdate();
                    connection.commit();
                }
            }
        }

        List<Integer> written() throws SQLException {
            List<Integer> written = new ArrayList<>();
            try (Connection connection = file.open();
                    Statement statement = connection.createStatement();
                    ResultSet rows = statement.executeQuery("SELECT seq FROM entry ORDER BY seq")) {
                while (rows.next()) {
                    written.add(rows.getInt(1));
                }
            }
            return written;
        }
    }
}
