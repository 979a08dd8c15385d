package dev.deliverykit.brokers.kafka;

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
 * The default sweep over the real broker gives the same cases and the same verdicts run after run: a client's own
 * timers (fetches, heartbeats, how often a consumer polls) and its I/O thread's timing (whether a record left before
 * the process died after {@code send}) decide nothing.
 */
@Tag("repeated")
class KafkaSweepsRepeatTest {

    private static final int RUNS = 5;

    @TempDir
    Path reports;

    @Test
    void fiveRunsOfTheNaiveConsumersSweepStartAndFailTheSameCases() {
        List<List<String>> started = new ArrayList<>();
        List<List<String>> failed = new ArrayList<>();
        for (int run = 0; run < RUNS; run++) {
            CrashTestResults results = CrashTestKit.reportingTo(reports.resolve("run-" + run))
                    .run(KafkaDefaultSweepTest.NaiveConsumerTestCases.class);
            started.add(results.startedCases());
            failed.add(results.failedCases());
        }

        assertThat(started)
                .hasSize(RUNS)
                .allSatisfy(cases -> assertThat(cases).hasSize(43).isEqualTo(started.get(0)));
        assertThat(failed).allSatisfy(cases -> assertThat(cases).isEqualTo(failed.get(0)));
        assertThat(failed.get(0)).hasSize(6);
    }
}
