package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.CrashMode;
import dev.deliverykit.Workload;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which crash points leave the same world behind: recorded on real SQLite files, with transactions opened through
 * the connection API and through statements, autocommitted writes, data definition and a watched method.
 */
class EquivalentCrashPointsTest {

    private static final BoundaryEngine ENGINE = BoundaryEngine.get();
    private static final WatchList EVERY_STATEMENT_AND_COMMIT =
            WatchList.of().withEveryStatement().withEveryTransactionEnd();

    @TempDir
    Path dir;

    private Path ledger() throws Exception {
        Path directory = Files.createDirectories(dir.resolve("ledger"));
        try (Connection connection = LedgerDatabase.SQLITE.open(directory)) {
            new Ledger(connection).createSchema();
        }
        return directory;
    }

    /** One line per class: its points' replay keys with short names, in order. */
    private static List<String> classes(EquivalentCrashPoints points) {
        return points.classes().stream()
                .map(members -> members.stream()
                        .map(EquivalentCrashPointsTest::shortKey)
                        .collect(Collectors.joining(" ")))
                .toList();
    }

    private static String shortKey(BoundaryHit hit) {
        String spec = hit.boundary().selector().spec();
        String sql = spec.contains("=") ? spec.substring(spec.indexOf('=') + 1) : "";
        String verb = sql.isEmpty() ? "" : ":" + sql.split(" ")[0];
        return (spec.contains("statement")
                        ? (spec.startsWith("before") ? "before" : "after") + "-statement" + verb
                        : spec)
                + "#" + hit.occurrence();
    }

    private static boolean notAPragma(BoundaryHit hit) {
        return !hit.boundary().selector().spec().contains("=PRAGMA");
    }

    @Test
    void pointsInsideOneTransactionAreOneClassUntilItsCommitWhicheverWayItWasOpened() throws Exception {
        Path directory = ledger();
        Workload twoDeposits = () -> {
            try (Connection connection = LedgerDatabase.SQLITE.open(directory)) {
                Ledger ledger = new Ledger(connection);
                ledger.depositWithConnectionApi("o1", 5);
                ledger.depositWithStatements("o2", 7);
            }
        };

        Recording recording = ENGINE.record(EVERY_STATEMENT_AND_COMMIT, twoDeposits);
        EquivalentCrashPoints points = EquivalentCrashPoints.of(recording, EquivalentCrashPointsTest::notAPragma);

        assertThat(classes(points))
                .containsExactly(
                        // setAutoCommit(false): nothing is committed until commit()
                        "before-statement:UPDATE#1 after-statement:UPDATE#1"
                                + " before-statement:INSERT#1 after-statement:INSERT#1 before-commit#1",
                        // BEGIN IMMEDIATE: the same, until its COMMIT statement
                        "after-commit#1 before-statement:BEGIN#1 after-statement:BEGIN#1 before-statement:UPDATE#2"
                                + " after-statement:UPDATE#2 before-statement:INSERT#2 after-statement:INSERT#2"
                                + " before-commit#2 before-statement:COMMIT#1",
                        "after-commit#2 after-statement:COMMIT#1");
        assertThat(points.representatives())
                .extracting(EquivalentCrashPointsTest::shortKey)
                .containsExactly("before-statement:UPDATE#1", "after-commit#1", "after-commit#2");
        assertThat(points.pruned()).isEqualTo(points.points() - 3);
        // In this JVM the crash unwinds the workload, so a point is equivalent only on the same call path too: the
        // commit of the first deposit and the second deposit's statements are reached from different methods.
        assertThat(classes(EquivalentCrashPoints.of(
                        recording, EquivalentCrashPointsTest::notAPragma, CrashMode.IN_PROCESS)))
                .containsExactly(
                        "before-statement:UPDATE#1 after-statement:UPDATE#1 before-statement:INSERT#1"
                                + " after-statement:INSERT#1", // both in Ledger.writeDeposit
                        "before-commit#1",
                        "after-commit#1",
                        "before-statement:BEGIN#1 after-statement:BEGIN#1",
                        "before-statement:UPDATE#2 after-statement:UPDATE#2 before-statement:INSERT#2"
                                + " after-statement:INSERT#2",
                        "before-commit#2 before-statement:COMMIT#1",
                        "after-commit#2 after-statement:COMMIT#1");
        assertThat(points.notPruned()).isEmpty();
    }

    @Test
    void autocommittedWritesDataDefinitionAndAnUnseenCommitEachChangeTheDatabase() throws Exception {
        Path directory = ledger();
        Workload workload = () -> {
            try (Connection connection = LedgerDatabase.SQLITE.open(directory);
                    Statement statement = connection.createStatement()) {
                statement.execute("SELECT balance FROM account");
                statement.execute("UPDATE account SET balance = 1 WHERE id = 'A'"); // autocommitted
                statement.execute("SELECT balance FROM account");
                connection.setAutoCommit(false);
                statement.execute("UPDATE account SET balance = 2 WHERE id = 'A'");
                statement.execute("CREATE TABLE audit(id INTEGER)"); // commits implicitly on several databases
                statement.execute("UPDATE account SET balance = 3 WHERE id = 'A'");
                connection.rollback();
                statement.execute("UPDATE account SET balance = 4 WHERE id = 'A'");
                connection.setAutoCommit(true); // commits the pending update, unseen
                statement.execute("SELECT balance FROM account");
                statement.execute("UPDATE account SET balance = 5 WHERE id = 'A'");
            }
        };

        Recording recording = ENGINE.record(EVERY_STATEMENT_AND_COMMIT, workload);

        assertThat(classes(EquivalentCrashPoints.of(recording, EquivalentCrashPointsTest::notAPragma)))
                .containsExactly(
                        "before-statement:SELECT#1 after-statement:SELECT#1 before-statement:UPDATE#1",
                        "after-statement:UPDATE#1 before-statement:SELECT#2 after-statement:SELECT#2"
                                + " before-statement:UPDATE#1 after-statement:UPDATE#1 before-statement:CREATE#1",
                        // a rollback changes nothing: the last update is inside the transaction still open
                        "after-statement:CREATE#1 before-statement:UPDATE#1 after-statement:UPDATE#1"
                                + " before-rollback#1 after-rollback#1 before-statement:UPDATE#1 after-statement:UPDATE#1",
                        // setAutoCommit(true) committed at a moment the engine did not see: before the next SELECT
                        "before-statement:SELECT#3",
                        "after-statement:SELECT#3 before-statement:UPDATE#1",
                        "after-statement:UPDATE#1");
    }

    @Test
    void aChildJvmsRecordingHasTheSameClassesAsOneInThisJvm() throws Exception {
        Path inChild = ledger();
        Recording child = ENGINE.recordInChildProcess(
                EVERY_STATEMENT_AND_COMMIT,
                ChildLaunch.of(LedgerDeposits.class).args("SQLITE", inChild.toString(), "statements", "2"));
        Path here = Files.createDirectories(dir.resolve("here"));
        try (Connection connection = LedgerDatabase.SQLITE.open(here)) {
            new Ledger(connection).createSchema();
        }
        Recording inProcess = ENGINE.record(
                EVERY_STATEMENT_AND_COMMIT,
                () -> new LedgerDeposits().run(List.of("SQLITE", here.toString(), "statements", "2")));

        List<String> childClasses = classes(EquivalentCrashPoints.of(child, EquivalentCrashPointsTest::notAPragma));
        assertThat(childClasses)
                .hasSize(3)
                .isEqualTo(classes(EquivalentCrashPoints.of(inProcess, EquivalentCrashPointsTest::notAPragma)));
        assertThat(childClasses.get(1))
                .startsWith("after-commit#1 ")
                .endsWith(" before-commit#2 before-statement:COMMIT#2");
    }

    @Test
    void withJdbcCallsOnTwoThreadsNoPointsAreEquivalent() throws Exception {
        Path directory = ledger();
        Workload workload = () -> {
            ExecutorService executor = Executors.newSingleThreadExecutor(task -> new Thread(task, "ledger-writer"));
            try (Connection connection = LedgerDatabase.SQLITE.open(directory)) {
                new Ledger(connection).depositWithConnectionApi("o1", 5);
                executor.submit(() -> {
                            try (Connection other = LedgerDatabase.SQLITE.open(directory)) {
                                new Ledger(other).depositWithConnectionApi("o2", 7);
                            }
                            return null;
                        })
                        .get();
            } finally {
                executor.shutdown();
            }
        };

        Recording recording = ENGINE.record(EVERY_STATEMENT_AND_COMMIT, workload);
        EquivalentCrashPoints points = EquivalentCrashPoints.of(recording, EquivalentCrashPointsTest::notAPragma);

        assertThat(points.classes())
                .hasSize(points.points())
                .allSatisfy(members -> assertThat(members).hasSize(1));
        assertThat(points.pruned()).isZero();
        assertThat(points.notPruned())
                .contains(
                        "the workload reached the databases, its boundaries or the world outside the JVM on 2 threads ("
                                + Thread.currentThread().getName()
                                + ", ledger-writer), so the order of its changes is not fixed");
    }
}
