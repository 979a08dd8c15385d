package dev.deliverykit.benchmarks.junit;

import dev.deliverykit.CrashMode;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.reference.SqliteDatabase;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.io.TempDir;

/**
 * B8: a {@code @CrashSweep(kinds = COMMITS, mode = CHILD_PROCESS, exhaustive = true)} over a workload of {@value #COMMITS} commits
 * (one row each, on a SQLite file with the reference pragmas), crashing at every point: {@link #cases(int)} crash
 * cases, before and after each commit, each in its own child JVM, after the recording run (a child JVM too).
 * Recovery is a check: the rows that survived are exactly the first ones, in order, and a second run completes them.
 * {@link Smoke} is the same sweep over fewer commits, for the smoke run.
 */
public class ChildSweepCase {

    /** The workload's commits. */
    public static final int COMMITS = 10;

    @TempDir
    Path dir;

    /**
     * The crash cases of the sweep over {@code commits} commits (the recording run is not one): before and after every
     * commit.
     */
    public static int cases(int commits) {
        return 2 * commits;
    }

    /** The commits of this class's workload. */
    public int commits() {
        return COMMITS;
    }

    // Exhaustive: the figure times children started ahead over the cases it names, and pruning would merge the crash
    // after each commit with the crash before the next one (both leave the same rows).
    @CrashSweep(kinds = SweepKind.COMMITS, mode = CrashMode.CHILD_PROCESS, exhaustive = true)
    void everyCommit(CrashScenario scenario) throws Exception {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("ledger.db"));
        int commits = commits();
        scenario.prepare(() -> create(db));
        scenario.run(() -> writeFrom(db, 1, commits));
        scenario.restart(() -> {
            int survived = checkedRows(db);
            writeFrom(db, survived + 1, commits);
            if (checkedRows(db) != commits) {
                throw new IllegalStateException("the ledger in " + dir + " does not hold " + commits + " rows after"
                        + " recovery; a benchmark of a broken sweep measures nothing");
            }
        });
    }

    /** The smoke run's sweep: the same test over {@value Smoke#COMMITS} commits, so a few child JVMs prove it works. */
    public static class Smoke extends ChildSweepCase {

        /** The workload's commits. */
        public static final int COMMITS = 2;

        @Override
        public int commits() {
            return COMMITS;
        }
    }

    private static void create(SqliteDatabase db) throws SQLException {
        try (Connection connection = db.open();
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE entry (seq INTEGER PRIMARY KEY, note TEXT NOT NULL)");
        }
    }

    /** One transaction per row, from {@code first} to {@code last}. */
    private static void writeFrom(SqliteDatabase db, int first, int last) throws SQLException {
        try (Connection connection = db.open();
                PreparedStatement insert = connection.prepareStatement("INSERT INTO entry (seq, note) VALUES (?, ?)")) {
            connection.setAutoCommit(false);
            for (int seq = first; seq <= last; seq++) {
                insert.setInt(1, seq);
                insert.setString(2, "entry " + seq);
                insert.executeUpdate();
                connection.commit();
            }
        }
    }

    /** The number of rows, which must be {@code 1..n} without a gap. */
    private static int checkedRows(SqliteDatabase db) throws SQLException {
        try (Connection connection = db.open();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT COUNT(*), COALESCE(MAX(seq), 0) FROM entry")) {
            rows.next();
            int count = rows.getInt(1);
            if (count != rows.getInt(2)) {
                throw new IllegalStateException("the ledger holds " + count + " rows up to seq " + rows.getInt(2)
                        + ": a commit survived without the ones before it");
            }
            return count;
        }
    }
}
