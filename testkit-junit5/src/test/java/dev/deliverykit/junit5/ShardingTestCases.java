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
        static final int ENTRIES = 2;

        @TempDir
        Path dir;

        @CrashSweep(
                kinds = SweepKind.COMMITS,
                mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
        void everyEntryOnceInOrder(CrashScenario scenario) throws Exception {
            SqliteDatabase ledger = SqliteDatabase.at(dir.resolve("ledger.db"));
            scenario.prepare(() -> create(ledger));
            scenario.run(() -> writeFrom(ledger, 1));
            scenario.restart(() -> writeFrom(ledger, entries(ledger).size() + 1));
            assertThat(entries(ledger)).containsExactly(1, 2);
        }

        private static void create(SqliteDatabase ledger) throws SQLException {
            try (Connection connection = ledger.open();
                    Statement statement = connection.createStatement()) {
                statement.execute("CREATE TABLE entry (seq INTEGER PRIMARY KEY)");
            }
        }

        private static void writeFrom(SqliteDatabase ledger, int first) throws SQLException {
            try (Connection connection = ledger.open();
                    PreparedStatement insert = connection.prepareStatement("INSERT INTO entry (seq) VALUES (?)")) {
                connection.setAutoCommit(false);
                for (int seq = first; seq <= ENTRIES; seq++) {
                    insert.setInt(1, seq);
                    insert.executeUpdate();
                    connection.commit();
                }
            }
        }

        private static List<Integer> entries(SqliteDatabase ledger) throws SQLException {
            List<Integer> entries = new ArrayList<>();
            try (Connection connection = ledger.open();
                    Statement statement = connection.createStatement();
                    ResultSet rows = statement.executeQuery("SELECT seq FROM entry ORDER BY seq")) {
                while (rows.next()) {
                    entries.add(rows.getInt(1));
                }
            }
            return entries;
        }
    }
}
