package dev.deliverykit.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The naive listener's sweep gives the same cases and the same verdicts run after run: when Spring's executor runs
 * the listener, and when the kit's wait reads the registry, decide nothing.
 */
@Tag("repeated")
class NaiveListenerRepeatTests {

    private static final int RUNS = 5;

    @TempDir
    Path reports;

    @Test
    void fiveRunsOfTheNaiveListenersSweepStartAndFailTheSameCases() {
        List<List<String>> started = new ArrayList<>();
        List<List<String>> failed = new ArrayList<>();
        for (int run = 0; run < RUNS; run++) {
            CrashTestResults results =
                    CrashTestKit.reportingTo(reports.resolve("run-" + run)).run(NaiveListenerInProcessTestCases.class);
            started.add(results.startedCases());
            failed.add(results.failedCases());
        }

        String listener = " in NaiveShipping.on (via CglibAopProxy$DynamicAdvisedInterceptor.intercept)";
        assertThat(started)
                .hasSize(RUNS)
                .allSatisfy(cases -> assertThat(cases).hasSize(9).isEqualTo(started.get(0)));
        assertThat(failed)
                .allSatisfy(cases -> assertThat(cases)
                        .containsExactly(
                                "[7] crash after commit #2" + listener, "[8] crash before commit #3" + listener));
    }
}
