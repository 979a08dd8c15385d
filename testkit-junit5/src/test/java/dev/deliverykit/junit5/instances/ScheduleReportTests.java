package dev.deliverykit.junit5.instances;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.deliverykit.junit5.instances.ScheduleSweepTestCases.UnclaimedRelaysTestCases;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code @ScheduleSweep} in the report, read back from the files a run through the JUnit Platform wrote: each
 * schedule case's timeline in report.json and as a table in report.html, and the sweep's counts.
 */
class ScheduleReportTests {

    private static final String UNCLAIMED_FIRST_RED =
            "schedule relay-a to before commit #5 in UnclaimedRelay.drain," + " relay-b to the end, relay-a to the end";

    @TempDir
    Path reports;

    private JsonNode cases() throws IOException {
        return new ObjectMapper()
                .readTree(reports.resolve("report.json").toFile())
                .get("tests")
                .get(0)
                .get("cases");
    }

    private static JsonNode caseNamed(JsonNode cases, String displayName) {
        for (JsonNode row : cases) {
            if (row.get("displayName").asText().equals(displayName)) {
                return row;
            }
        }
        throw new AssertionError("no case " + displayName + " in " + cases);
    }

    @Test
    void aScheduleCaseKeepsEachTurnItsInstancesEndedInReportJson() throws IOException {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(UnclaimedRelaysTestCases.class);
        assertThat(results).hasNumberOfStartedCases(19).hasNumberOfFailedCases(16);

        JsonNode cases = cases();
        List<String> turns = new ArrayList<>();
        caseNamed(cases, UNCLAIMED_FIRST_RED)
                .get("timeline")
                .forEach(turn -> turns.add(turn.get("instance").asText() + " "
                        + turn.get("stop").asText() + " " + turn.get("point").asInt() + " "
                        + turn.get("at").asText()));

        assertThat(turns)
                .containsExactly(
                        "relay-a HELD 9 before commit #5 in UnclaimedRelay.drain",
                        "relay-b BLOCKED_IN_THE_DATABASE 4 after commit #2 in OutboxRow.sendTo",
                        "relay-a ENDED 10 the end",
                        "relay-b ENDED 6 the end");
        assertThat(caseNamed(cases, "record instances (each to its end in turn)")
                        .get("timeline")
                        .size())
                .isEqualTo(2);
        assertThat(caseNamed(cases, UNCLAIMED_FIRST_RED).get("observations").has("schedule"))
                .isFalse();
    }

    @Test
    void theFirstRecordingsRowCountsTheSchedulesConsideredLeftOutAsEquivalentAndRun() throws IOException {
        CrashTestKit.reportingTo(reports).run(UnclaimedRelaysTestCases.class);

        JsonNode counts =
                caseNamed(cases(), "record instances (each to its end in turn)").get("schedules");
        String html = Files.readString(reports.resolve("report.html"), StandardCharsets.UTF_8);

        assertThat(counts.toString()).isEqualTo("{\"considered\":22,\"equivalent\":4,\"run\":19,\"recordings\":2}");
        assertThat(html)
                .contains("<p class=\"sweep\">Sweep: 22 schedules considered: 4 left out as equivalent (reduction);"
                        + " 19 run, the 2 serial recordings included.</p>");
    }

    @Test
    void reportHtmlShowsTheTimelineAsOneColumnPerInstanceEndingWithTheVerdict() throws IOException {
        CrashTestKit.reportingTo(reports).run(UnclaimedRelaysTestCases.class);

        String html = Files.readString(reports.resolve("report.html"), StandardCharsets.UTF_8);

        assertThat(html)
                .contains("<table class=\"timeline\"><tr><th>relay-a</th><th>relay-b</th></tr>"
                        + "<tr><td>before commit #5 in UnclaimedRelay.drain</td><td></td></tr>"
                        + "<tr><td></td><td>after commit #2 in OutboxRow.sendTo, then blocked in the database</td></tr>"
                        + "<tr><td>the end</td><td></td></tr>"
                        + "<tr><td></td><td>the end</td></tr>"
                        + "<tr><td colspan=\"2\" class=\"VIOLATED\">each row sent once: VIOLATED (1 violation)</td>"
                        + "</tr></table>");
    }
}
