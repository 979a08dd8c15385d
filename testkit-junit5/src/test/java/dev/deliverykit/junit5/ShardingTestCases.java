package dev.deliverykit.junit5;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.CrashMode;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.reference.SqliteDatabase;
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

/**
 * Kit tests on a ledger in a real SQLite file, which {@link ShardingTests} and {@link MergeReportsTests} split into
 * shards (beside the warehouse reservation's and the ordered consumer's).
 */
final class ShardingTestCases {

    private ShardingTestCases() {}

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
