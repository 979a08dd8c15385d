package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.time.KitClock;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A crash inside a schedule: one instance dies where its turn stopped, in the middle of its transaction, while the
 * other holds its own transaction open; the dead one's rolls back, the other's lives on and commits.
 */
class CrashedRunTest {

    private static final BoundaryEngine ENGINE = BoundaryEngine.get();
    private static final WatchList WATCH = WatchList.of().withEveryStatement();

    @TempDir
    Path dir;

    /** The writers write files of their own: a call slowed by a loaded machine must not count as blocked. */
    @BeforeEach
    void slowCallsAreNoBlocks() {
        System.setProperty(ScheduledRuns.BLOCKED_AFTER_PROPERTY, "10s");
    }

    @AfterEach
    void restoreBlockedAfter() {
        System.clearProperty(ScheduledRuns.BLOCKED_AFTER_PROPERTY);
    }

    private String url(String file) {
        return "jdbc:sqlite:" + dir.resolve(file);
    }

    /** Inserts {@code name} into the table {@code t} of {@code file} in one transaction. */
    private void insert(String file, String name) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url(file));
                Statement statement = connection.createStatement()) {
            connection.setAutoCommit(false);
            statement.executeUpdate("INSERT INTO t VALUES ('" + name + "')");
            connection.commit();
        }
    }

    private List<String> rows(String file) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Connection connection = DriverManager.getConnection(url(file));
                Statement statement = connection.createStatement();
                ResultSet names = statement.executeQuery("SELECT name FROM t")) {
            while (names.next()) {
                rows.add(names.getString(1));
            }
        }
        return rows;
    }

    private void createTables() throws SQLException {
        for (String file : List.of("a.db", "b.db")) {
            try (Connection connection = DriverManager.getConnection(url(file));
                    Statement statement = connection.createStatement()) {
                statement.execute("CREATE TABLE t (name TEXT)");
            }
        }
    }

    private Instances writers(KitClock clock) throws SQLException {
        createTables();
        return Instances.of("writer-a", () -> insert("a.db", "a"))
                .and("writer-b", () -> insert("b.db", "b"))
                .withClock(clock);
    }

    @Test
    void theDeadInstancesTransactionRollsBackAndTheOthersLivesOn() throws Exception {
        KitClock clock = KitClock.start();

        ScheduledRun run = ENGINE.runSchedule(WATCH, writers(clock), "writer-b:2,writer-a:2,crash+31s,writer-b:1");

        assertThat(rows("a.db")).isEmpty();
        assertThat(rows("b.db")).containsExactly("b");
        assertThat(clock.elapsed()).isEqualTo(Duration.ofSeconds(31));
        assertThat(run.describe())
                .isEqualTo("writer-b to after statement \"INSERT INTO t VALUES ('b')\" #1 in CrashedRunTest.insert,"
                        + " writer-a to after statement \"INSERT INTO t VALUES ('a')\" #1 in CrashedRunTest.insert,"
                        + " writer-a crashed, 31 s pass, writer-b to the end");
        assertThat(run.timeline().get(2))
                .isEqualTo(new TurnEnd(
                        "writer-a",
                        TurnEnd.Stop.CRASHED,
                        2,
                        "after statement \"INSERT INTO t VALUES ('a')\" #1 in CrashedRunTest.insert",
                        Duration.ofSeconds(31)));
        assertThat(run.anyFailed()).isFalse();
    }

    @Test
    void aConnectionTheDeadInstanceNeverClosesIsRolledBackAndClosedForTheOthers() throws Exception {
        AtomicReference<Connection> kept = new AtomicReference<>();
        createTables();
        Instances keeping = Instances.of(
                        "writer-a",
                        () -> { // a connection held for the instance's life, as a field or a pool holds it
                            kept.set(DriverManager.getConnection(url("a.db")));
                            kept.get().setAutoCommit(false);
                            try (Statement statement = kept.get().createStatement()) {
                                statement.executeUpdate("INSERT INTO t VALUES ('a')");
                            }
                            kept.get().commit();
                        })
                .and("writer-b", () -> insert("a.db", "b"));

        ScheduledRun run = ENGINE.runSchedule(WATCH, keeping, "writer-a:2,crash,writer-b:1");

        assertThat(kept.get().isClosed()).isTrue();
        assertThat(rows("a.db")).containsExactly("b");
        assertThat(run.anyFailed()).isFalse();
    }

    @Test
    void theOthersAreStillHeldAtTheirPointsAfterOneDied() throws Exception {
        Instances three = writers(KitClock.start()).and("writer-c", () -> insert("c.db", "c"));
        try (Connection connection = DriverManager.getConnection(url("c.db"));
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE t (name TEXT)");
        }

        ScheduledRun run = ENGINE.runSchedule(WATCH, three, "writer-a:2,crash,writer-b:2,writer-c:3,writer-b:1");

        assertThat(run.timeline().get(2))
                .isEqualTo(new TurnEnd(
                        "writer-b",
                        TurnEnd.Stop.HELD,
                        2,
                        "after statement \"INSERT INTO t VALUES ('b')\" #1 in CrashedRunTest.insert",
                        Duration.ZERO));
        assertThat(rows("a.db")).isEmpty();
        assertThat(rows("b.db")).containsExactly("b");
        assertThat(rows("c.db")).containsExactly("c");
        assertThat(run.anyFailed()).isFalse();
    }

    @Test
    void aCrashThatMovesTheClockOfInstancesWithoutOneIsRefused() throws Exception {
        Instances noClock =
                Instances.of("writer-a", () -> insert("a.db", "a")).and("writer-b", () -> insert("b.db", "b"));

        assertThatThrownBy(() -> ENGINE.runSchedule(WATCH, noClock, "writer-a:1,crash+31s,writer-b:1"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(InstanceMessages.crashWithoutClock("writer-a:1,crash+31s,writer-b:1", noClock)
                        .sentences());
    }
}
