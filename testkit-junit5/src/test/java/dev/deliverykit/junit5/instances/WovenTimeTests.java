package dev.deliverykit.junit5.instances;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.deliverykit.junit5.instances.WovenTimeTestCases.BackingOffTestCases;
import dev.deliverykit.junit5.instances.WovenTimeTestCases.DatabaseLeaseTestCases;
import dev.deliverykit.junit5.instances.WovenTimeTestCases.GivenLeaseTestCases;
import dev.deliverykit.junit5.instances.WovenTimeTestCases.WovenLeaseTestCases;
import dev.deliverykit.junit5.instances.fixtures.MillisLeaseRelay;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code @ScheduleSweep(time = TimeReads.WOVEN)} through the JUnit Platform: a lease read from
 * {@code System.currentTimeMillis()} runs out on the case's clock only when woven, a 30 s backoff passes in no real
 * time, and a lease the database computes is named in the failure.
 */
class WovenTimeTests {

    @TempDir
    Path reports;

    private CrashTestResults run(Class<?> testCases) {
        return CrashTestKit.reportingTo(reports).run(testCases);
    }

    @Test
    void aLeaseReadFromCurrentTimeMillisRunsOutOnTheCasesClockInEveryScheduleWhenWoven() {
        CrashTestResults results = run(WovenLeaseTestCases.class);

        assertThat(results).hasNumberOfStartedCases(5).hasNumberOfFailedCases(0);
    }

    @Test
    void aLeaseReadFromCurrentTimeMillisNeverRunsOutOnTheCasesClockWhenOnlyGiven() {
        CrashTestResults results = run(GivenLeaseTestCases.class);

        assertThat(results).hasNumberOfStartedCases(5).hasNumberOfFailedCases(5);
    }

    @Test
    void aThirtySecondBackoffPassesInNoRealTime() {
        long start = System.nanoTime();

        CrashTestResults results = run(BackingOffTestCases.class);

        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
        assertThat(results).hasNumberOfStartedCases(5).hasNumberOfFailedCases(0);
    }

    @Test
    void aLeaseTheDatabaseComputesIsNamedInTheFailureOfACaseOnTheKitsClock() {
        CrashTestResults results = run(DatabaseLeaseTestCases.class);

        assertThat(results).hasNumberOfStartedCases(5).hasNumberOfFailedCases(2);
        String message = results.failureOf("[1] record instances (each to its end in turn)")
                .orElseThrow()
                .getMessage();
        // the note is pinned whole in InstanceMessagesTests; here, where it stands and what it names
        String noteStart = " runs on the kit's clock, but its statement \"" + MillisLeaseRelay.DATABASE_CLAIM
                + "\" reads the database's clock (strftime('%s', 'now')), which the kit cannot move: ";
        assertThat(message.split("\n\n"))
                .satisfiesExactly(
                        failure ->
                                assertThat(failure).isEqualTo("[rows relay-b took over] \nexpected: 2L\n but was: 0L"),
                        timeline -> assertThat(timeline)
                                .isEqualTo("Timeline, a turn a line:\nrelay-a  to the end\nrelay-b  to the end"),
                        notes -> assertThat(notes.split("\n"))
                                .satisfiesExactly(
                                        title -> assertThat(title).isEqualTo("On the kit's clock:"),
                                        first -> assertThat(first).startsWith("- relay-a" + noteStart),
                                        second -> assertThat(second).startsWith("- relay-b" + noteStart)),
                        block -> assertThat(block)
                                .isEqualTo("DeliveryKit case: record instances (each to its end in turn)\n"
                                        + "Replay only this case: -Ddeliverykit.replay='crash=none'"));
    }

    @Test
    void aLeaseTheDatabaseComputesIsNotedInTheCasesReportRow() throws IOException {
        run(DatabaseLeaseTestCases.class);

        JsonNode cases = new ObjectMapper()
                .readTree(reports.resolve("report.json").toFile())
                .get("tests")
                .get(0)
                .get("cases");
        List<String> noted = new ArrayList<>();
        cases.forEach(row -> {
            JsonNode notes = row.get("observations").get("kit's clock");
            noted.add(notes == null ? "none" : notes.size() + " notes");
        });
        assertThat(noted).containsExactly("2 notes", "2 notes", "2 notes", "2 notes", "2 notes");
    }
}
