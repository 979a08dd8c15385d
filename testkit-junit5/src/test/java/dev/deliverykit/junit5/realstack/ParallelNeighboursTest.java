package dev.deliverykit.junit5.realstack;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.DeliveryKitConfiguration;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Under JUnit's parallel execution, a kit sweep started through a nested launcher (EngineTestKit inside a
 * plain test, as the sample's MarkFirstRelayIsCaughtTest does) runs next to plain JDBC tests on other
 * threads. The crash never touches them: every one of them passes. Their statements during an in-process
 * run are not the process's, so such a case fails loudly with the thread outside the process, never
 * with anything else; which cases overlap depends on the scheduling, so only that is asserted.
 */
@RealStack
class ParallelNeighboursTest {

    /** The nested sweep's outcomes, one line per case; filled by {@link NestedSweepTestCases}. */
    static final List<String> NESTED = new CopyOnWriteArrayList<>();

    @TempDir
    Path reports;

    @CrashTestKitOnly
    static class PlainJdbcNeighboursTestCases {
        @RepeatedTest(40)
        void writesAndReadsItsOwnDatabase(@TempDir Path dir) throws Exception {
            try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("own.db"));
                    Statement statement = connection.createStatement()) {
                statement.execute("CREATE TABLE t(id INTEGER)");
                connection.setAutoCommit(false);
                for (int i = 0; i < 5; i++) {
                    statement.executeUpdate("INSERT INTO t(id) VALUES (" + i + ")");
                    connection.commit();
                }
                try (ResultSet count = statement.executeQuery("SELECT COUNT(*) FROM t")) {
                    count.next();
                    assertThat(count.getInt(1)).isEqualTo(5);
                }
            }
        }
    }

    @CrashTestKitOnly
    static class NestedSweepTestCases {
        @Test
        void sweepsThroughANestedLauncher(@TempDir Path nestedReports) {
            CrashTestResults results = CrashTestKit.reportingTo(nestedReports)
                    .with(DeliveryKitConfiguration.SWEEP_EXHAUSTIVE, "true")
                    .run(ThreeCommitsTestCases.class);
            NESTED.addAll(Outcomes.of(results));
        }
    }

    @CrashTestKitOnly
    static class ThreeCommitsTestCases {
        @CrashSweep(kinds = SweepKind.COMMITS)
        void threeTransactions(CrashScenario scenario, @TempDir Path dir) throws Exception {
            String url = "jdbc:sqlite:" + dir.resolve("ledger.db");
            try (Connection connection = DriverManager.getConnection(url);
                    Statement statement = connection.createStatement()) {
                statement.execute("CREATE TABLE IF NOT EXISTS t(id INTEGER)");
            }
            scenario.run(() -> {
                for (int i = 0; i < 3; i++) {
                    insert(url, i);
                }
            });
            scenario.restart(() -> {});
            assertThat(Files.exists(dir.resolve("ledger.db"))).isTrue();
        }

        private static void insert(String url, int id) throws SQLException {
            try (Connection connection = DriverManager.getConnection(url)) {
                connection.setAutoCommit(false);
                try (Statement statement = connection.createStatement()) {
                    statement.executeUpdate("INSERT INTO t(id) VALUES (" + id + ")");
                }
                connection.commit();
            }
        }
    }

    @Test
    void theNeighboursOfANestedInProcessSweepAreNeverDisturbed() {
        NESTED.clear();
        CrashTestResults results = CrashTestKit.reportingTo(reports)
                .with("junit.jupiter.execution.parallel.enabled", "true")
                .with("junit.jupiter.execution.parallel.mode.default", "concurrent")
                .with("junit.jupiter.execution.parallel.mode.classes.default", "concurrent")
                .run(PlainJdbcNeighboursTestCases.class, NestedSweepTestCases.class);

        assertThat(results)
                .hasNumberOfStartedCases(41)
                .hasNumberOfSucceededCases(41)
                .hasNumberOfFailedCases(0);
        // A recording that met a neighbour fails, and the sweep then has no crash cases; else 6 crash cases.
        assertThat(NESTED).hasSize(NESTED.get(0).contains(": FAILED: ") ? 1 : 7);
        assertThat(NESTED)
                .allSatisfy(outcome -> assertThat(outcome)
                        .matches(
                                "(?s)\\[[1-7]\\] [^:]+: (SUCCESSFUL|FAILED: A thread outside the process under test used JDBC during an"
                                        + " in-process run: .* on thread ForkJoinPool-[0-9]+-worker-[0-9]+ at .*)"));
    }
}
