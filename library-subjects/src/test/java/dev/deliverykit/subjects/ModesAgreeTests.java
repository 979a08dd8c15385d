package dev.deliverykit.subjects;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import dev.deliverykit.subjects.dbscheduler.DbSchedulerModesAgreeTestCases;
import dev.deliverykit.subjects.modulith.ModulithModesAgreeTestCases;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.Event;

/**
 * The libraries used correctly, swept in the test's JVM and as real process exits five times in a row: every run
 * passes every case in both modes, so a run's outcome depends on neither the mode nor the run (the listener's task
 * executor, the pool's helper threads and the child JVMs started ahead notwithstanding). Each fixture's sweep is a
 * narrow one, for the five runs' sake: 4 points per mode, a recording and 4 crash cases in each mode per run.
 */
class ModesAgreeTests {

    static final int RUNS = 5;

    @TempDir
    Path reports;

    @ParameterizedTest
    @ValueSource(classes = {ModulithModesAgreeTestCases.class, DbSchedulerModesAgreeTestCases.class})
    void everyRunOfACorrectLibraryIsGreenInBothModes(Class<?> fixture) {
        List<List<String>> runs = new ArrayList<>();
        for (int run = 0; run < RUNS; run++) {
            CrashTestResults results = CrashTestKit.reportingTo(reports).run(fixture);

            assertThat(results)
                    .hasNumberOfStartedCases(10)
                    .hasNumberOfFailedCases(0)
                    .hasNumberOfAbortedCases(0);
            assertThat(results).hasNumberOfFailedContainers(0);
            assertThat(results.startedCases()).anyMatch(name -> name.endsWith("(child JVM)"));
            assertThat(results.startedCases()).anyMatch(name -> !name.endsWith("(child JVM)"));
            runs.add(outcomes(results));
        }
        assertThat(runs).containsOnly(runs.get(0)); // five runs in a row, the same outcome of every case
    }

    /** One line per finished case: its display name and its status. */
    private static List<String> outcomes(CrashTestResults results) {
        return results.testEvents().finished().stream()
                .map(ModesAgreeTests::line)
                .toList();
    }

    private static String line(Event event) {
        TestExecutionResult result = event.getPayload(TestExecutionResult.class).orElseThrow();
        return event.getTestDescriptor().getDisplayName() + ": " + result.getStatus();
    }
}
