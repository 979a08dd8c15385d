package dev.deliverykit.junit5.realstack;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.junit5.DeliveryKitConfiguration;
import dev.deliverykit.junit5.faults.FaultsTestCases;
import dev.deliverykit.junit5.postgres.BothModesPipelineTestCases;
import dev.deliverykit.junit5.postgres.PostgresDatabases;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Both modes judge a death by what survives, so on correct code they agree: the correct real-stack suites (Spring's
 * JDBC transactions over HikariCP, a relay on executor threads, PostgreSQL with a real exit of a child JVM per case, and the failure-handling twins under injected failures) run in
 * this JVM and as real process exits, five times in a row, with every case green, no disagreement in the report, and
 * the same cases each time. The executor relay's two worker threads interleave differently from run to run, and its
 * cases are numbered in the order its recording met them, so runs are compared by their cases' names, not numbers.
 */
@Tag(ModesAgreeTests.REPEATED)
class ModesAgreeTests {

    /**
     * The tag of tests that repeat suites to show they are deterministic: CI runs them once, in the main build, and
     * leaves them out of its reruns on other JUnit versions and JDKs, which test compatibility, not repetition.
     */
    static final String REPEATED = "repeated";

    /** Keeps the PostgreSQL server up across the fixture runs below. */
    @RegisterExtension
    static final PostgresDatabases server = PostgresDatabases.named();

    @TempDir
    Path reports;

    private static final Class<?>[] CORRECT_SUITES = {
        SpringOutboxCrashTest.CorrectOnSqliteTestCases.class,
        ExecutorDeliveryTest.OwnPoolSweepTestCases.class,
        BothModesPipelineTestCases.class,
        FaultsTestCases.RetriesOnceTestCases.class,
        FaultsTestCases.AppliesThenAcksTestCases.class
    };

    @Test
    void theCorrectRealStackSuitesPassInBothModesAndAgreeFiveTimesInARow() {
        List<String> first = null;
        for (int run = 1; run <= 5; run++) {
            Path report = reports.resolve("run-" + run);
            CrashTestResults results = CrashTestKit.reportingTo(report)
                    .with(DeliveryKitConfiguration.MODE, "both")
                    .run(CORRECT_SUITES);

            assertThat(results).hasNumberOfFailedContainers(0).hasNumberOfAbortedCases(0);
            assertThat(results.failedCases()).as("failed cases in run %d", run).isEmpty();
            assertThat(results.startedCases()).anyMatch(name -> name.endsWith("(child JVM)"));
            assertThat(report.resolve("report.md")).content().doesNotContain("The two modes disagree");
            List<String> outcomes = Outcomes.of(results).stream()
                    .map(line -> line.substring(line.indexOf("] ") + 2))
                    .sorted()
                    .toList();
            if (first == null) {
                first = outcomes;
            } else {
                assertThat(outcomes).as("the cases and outcomes of run %d", run).isEqualTo(first);
            }
        }
    }
}
