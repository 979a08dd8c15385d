package dev.deliverykit.brokers.jms;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.brokers.jms.JmsDefaultSweepTestCases.FirstConnectionTestCases;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sweep over the real broker gives the same cases and the same verdicts run after run, in both modes: what the
 * JMS client does once per JVM (loading its native transport at the first connection) decides nothing, whether the
 * JVM is the test's, which connected long before, or a fresh child JVM. The sweep repeated is the smallest with the
 * points around the relay's first connection, as {@link JmsDefaultSweepTests} runs the whole default sweep once.
 */
@Tag("repeated")
class JmsSweepsRepeatTests {

    private static final int RUNS = 5;

    @TempDir
    Path reports;

    @Test
    void fiveRunsOfTheFirstConnectionsSweepStartAndFailTheSameCases() {
        List<List<String>> started = new ArrayList<>();
        List<List<String>> failed = new ArrayList<>();
        for (int run = 0; run < RUNS; run++) {
            CrashTestResults results =
                    CrashTestKit.reportingTo(reports.resolve("run-" + run)).run(FirstConnectionTestCases.class);
            started.add(results.startedCases());
            failed.add(results.failedCases());
        }

        assertThat(started)
                .hasSize(RUNS)
                .allSatisfy(cases -> assertThat(cases)
                        .containsExactly(
                                "[1] record boundaries (crash-free run)",
                                "[2] crash before" + BUSY_TIMEOUT,
                                "[3] crash after" + BUSY_TIMEOUT,
                                "[4] crash before" + JmsDefaultSweepTests.ORDERS,
                                "[5] crash after" + JmsDefaultSweepTests.ORDERS,
                                "[6] record boundaries (crash-free run) (child JVM)",
                                "[7] crash before" + BUSY_TIMEOUT + " (child JVM)",
                                "[8] crash after" + BUSY_TIMEOUT + " (child JVM)",
                                "[9] crash after" + JmsDefaultSweepTests.ORDERS + " (child JVM)"));
        assertThat(failed).allSatisfy(cases -> assertThat(cases).isEmpty());
    }

    private static final String BUSY_TIMEOUT = " statement \"PRAGMA busy_timeout=5000\" #1 in Sqlite.open";
}
