package dev.deliverykit.junit5;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.deliverykit.junit5.fixtures.WarehouseReservation;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import dev.deliverykit.reference.outbox.DeliveryProtocol;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;

/**
 * The CI report: report.json, report.html (a crash matrix: case x outcome, invariant and observed value,
 * red and green) and report.md, written when the run ends; the Markdown summary on standard output.
 */
class ReportTest {

    @TempDir
    Path reports;

    @CrashTestKitOnly
    @BoundaryCatalogueSource(value = WarehouseReservation.class, field = "WITHOUT_DEDUP")
    static class WithoutDedupTestCases {
        @CrashAt({"before-send", "after-reserve"})
        void exactlyOneReservation(CrashScenario scenario, @TempDir Path dir) throws Exception {
            WarehouseReservation.exactlyOnceByInvariant(scenario, DeliveryProtocol.OUTBOX_WITHOUT_DEDUP, dir);
        }
    }

    private static final String VIOLATION = "exactly once per key: violated (checked 1 intent key, 2 effect rows)\n"
            + "  duplicate effect: 1 key\n"
            + "    reserve42:1:0: found 2 effects, expected exactly 1";

    @Test
    void aViolatedInvariantFailsTheCaseAndNamesTheKey() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(WithoutDedupTestCases.class);

        assertThat(results)
                .hasNumberOfStartedCases(2)
                .hasNumberOfSucceededCases(1)
                .hasNumberOfFailedCases(1);
        Throwable failure = results.testEvents().failed().stream()
                .findFirst()
                .orElseThrow()
                .getPayload(TestExecutionResult.class)
                .orElseThrow()
                .getThrowable()
                .orElseThrow();
        assertThat(failure)
                .hasMessage("1 of 1 invariant violated after crash at after-reserve #1 and recovery:\n"
                        + VIOLATION + "\n\n"
                        + "DeliveryKit case: crash at after-reserve #1 (in process)\n"
                        + "Replay only this case: -Ddeliverykit.replay='boundary=after-reserve;hit=1'");
    }

    @Test
    void reportJsonHasOneRowPerCaseWithItsInvariantsObservationsAndReplayKey() throws Exception {
        CrashTestKit.reportingTo(reports).run(WithoutDedupTestCases.class);

        JsonNode report =
                new ObjectMapper().readTree(reports.resolve("report.json").toFile());
        assertThat(report.get("format").asText()).isEqualTo("deliverykit-report/1");
        JsonNode part = report.get("parts").get(0);
        assertThat(report.get("parts")).hasSize(1);
        assertThat(part.get("pid").asLong()).isEqualTo(ProcessHandle.current().pid());
        assertThat(part.get("file").asText())
                .matches("report-" + ProcessHandle.current().pid() + "-[0-9]+\\.json");
        assertThat(reports.resolve("parts").resolve(part.get("file").asText())).isRegularFile();
        assertThat(report.get("totals").toString())
                .isEqualTo("{\"cases\":2,\"passed\":1,\"failed\":1,\"aborted\":0,\"not_finished\":0}");
        JsonNode test = report.get("tests").get(0);
        assertThat(test.get("class").asText()).isEqualTo("WithoutDedupTestCases");
        assertThat(test.get("method").asText()).isEqualTo("exactlyOneReservation");
        JsonNode passed = test.get("cases").get(0);
        JsonNode failed = test.get("cases").get(1);
        assertThat(passed.get("displayName").asText()).isEqualTo("crash at before-send #1");
        assertThat(passed.get("outcome").asText()).isEqualTo("PASSED");
        assertThat(passed.get("invariants")
                        .get("exactly once per key")
                        .get("verdict")
                        .asText())
                .isEqualTo("HOLDS");
        assertThat(passed.get("observations").toString()).isEqualTo("{\"effects\":1}");
        assertThat(failed.get("displayName").asText()).isEqualTo("crash at after-reserve #1");
        assertThat(failed.get("kind").asText()).isEqualTo("CRASH");
        assertThat(failed.get("boundary").asText()).isEqualTo("after-reserve");
        assertThat(failed.get("selector").asText())
                .isEqualTo("method-exit:dev.deliverykit.reference.outbox.WarehouseWithoutDedup#reserve");
        assertThat(failed.get("hit").asInt()).isEqualTo(1);
        assertThat(failed.get("mode").asText()).isEqualTo("IN_PROCESS");
        assertThat(failed.get("replayKey").asText()).isEqualTo("boundary=after-reserve;hit=1");
        assertThat(failed.get("outcome").asText()).isEqualTo("FAILED");
        assertThat(failed.get("failure").asText())
                .isEqualTo("1 of 1 invariant violated after crash at after-reserve #1 and recovery:\n" + VIOLATION);
        assertThat(failed.get("crashSite").asText())
                .startsWith(
                        "dev.deliverykit.reference.outbox.WarehouseWithoutDedup.reserve(WarehouseWithoutDedup.java:");
        JsonNode invariant = failed.get("invariants").get("exactly once per key");
        assertThat(invariant.get("verdict").asText()).isEqualTo("VIOLATED");
        assertThat(invariant.get("violations").asInt()).isEqualTo(1);
        assertThat(invariant.get("message").asText()).isEqualTo(VIOLATION);
        assertThat(failed.get("observations").toString()).isEqualTo("{\"effects\":2}");
    }

    @Test
    void reportFilesAreReadableAsAnyFileTheBuildWritesNotPrivateTemporaryFiles() throws Exception {
        CrashTestKit.reportingTo(reports).run(WithoutDedupTestCases.class);

        // What the umask gives a new file here (typically rw-r--r--), not the rw------- of a temporary file.
        Path control = Files.writeString(reports.resolve("control.txt"), "any file the build writes");
        Set<PosixFilePermission> asTheBuildWrites = Files.getPosixFilePermissions(control);
        assertThat(asTheBuildWrites).contains(PosixFilePermission.OTHERS_READ);
        Path part;
        try (Stream<Path> parts = Files.list(reports.resolve("parts"))) {
            part = parts.filter(p -> p.getFileName().toString().endsWith(".json"))
                    .findFirst()
                    .orElseThrow();
        }
        for (Path file : List.of(reports.resolve("report.json"), reports.resolve("report.html"), part)) {
            assertThat(Files.getPosixFilePermissions(file)).as(file.toString()).isEqualTo(asTheBuildWrites);
        }
        try (Stream<Path> left = Files.list(reports.resolve("parts"))) {
            assertThat(left.map(p -> p.getFileName().toString())).noneMatch(name -> name.endsWith(".tmp"));
        }
    }

    @Test
    void reportHtmlOpensWithTheRunAnOverviewAndTheFailedCasesThenACrashMatrixPerTest() throws Exception {
        CrashTestKit.reportingTo(reports).run(WithoutDedupTestCases.class);

        String html = Files.readString(reports.resolve("report.html"));
        String id = "WithoutDedupTestCases.exactlyOneReservation";
        assertThat(html)
                .containsPattern("<p class=\"run\">Run [0-9T:.Z-]+, JDK "
                        + Pattern.quote(Runtime.version().toString())
                        + ", DeliveryKit [0-9]+\\.[0-9]+\\.[0-9]+(-SNAPSHOT)?</p>")
                .contains("<table class=\"overview\"><tr><th>test</th><th>cases</th><th>passed</th><th>failed</th>"
                        + "<th>aborted</th></tr>\n<tr><td><a href=\"#" + id + "\">" + id
                        + "</a></td><td>2</td><td>1</td>"
                        + "<td class=\"FAILED\">1</td><td>0</td></tr>\n</table>\n")
                .contains(
                        "<h2 id=\"failed-cases\" class=\"bad\">Failed cases (1)</h2>\n"
                                + "<table class=\"failures\"><tr><th>test</th><th>case</th><th>violated invariants</th>"
                                + "<th>replay</th></tr>\n<tr><td><a href=\"#" + id + "\">" + id + "</a></td>"
                                + "<td>crash at after-reserve #1</td><td class=\"why\"><b>exactly once per key</b><div class=\"lines\">"
                                + "reserve42:1:0: found 2 effects, expected exactly 1</div></td>"
                                + "<td class=\"replay\"><code>-Ddeliverykit.replay='boundary=after-reserve;hit=1'</code></td></tr>\n</table>\n")
                .contains("<h2 id=\"" + id + "\">" + id + " <span class=\"bad\">— 1 of 2 failed</span></h2>")
                .contains("<tr><th>#</th><th>case</th><th>outcome</th><th>exactly once per key</th><th>effects</th>"
                        + "<th>crash site</th><th>replay</th></tr>")
                .contains(
                        "<tr class=\"PASSED\"><td>1</td><td>crash at before-send #1</td><td class=\"PASSED\">PASSED</td>"
                                + "<td class=\"HOLDS\" title=\"exactly once per key: holds (checked 1 intent key, 1 effect row)\">"
                                + "HOLDS</td><td class=\"value\">1</td>")
                .contains("<td class=\"FAILED\">FAILED<div class=\"lines\">1 of 1 invariant violated after crash at"
                        + " after-reserve #1 and recovery:</div><details><summary>more</summary><pre class=\"lines\">"
                        + VIOLATION.strip() + "</pre></details></td>")
                .contains("<td class=\"VIOLATED\" title=\"" + VIOLATION + "\">VIOLATED<div class=\"lines\">"
                        + "reserve42:1:0: found 2 effects, expected exactly 1</div></td><td class=\"value\">2</td>")
                .containsPattern(
                        "<td><code title=\"dev\\.deliverykit\\.reference\\.outbox\\.WarehouseWithoutDedup\\.reserve"
                                + "\\(WarehouseWithoutDedup\\.java:[0-9]+\\)\">WarehouseWithoutDedup\\.reserve:[0-9]+</code></td>")
                .contains(
                        "<td class=\"replay\"><code>-Ddeliverykit.replay='boundary=after-reserve;hit=1'</code></td></tr>")
                .contains("td.FAILED,td.VIOLATED{background:#ffcdd2}")
                .contains("td code{overflow-wrap:anywhere}");
    }

    @Test
    void theMarkdownSummaryListsEachTestAndEveryFailedCaseWithItsReplayKey() throws Exception {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream original = System.out;
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            CrashTestKit.reportingTo(reports)
                    .with(DeliveryKitConfiguration.REPORT_SUMMARY, "true")
                    .run(WithoutDedupTestCases.class);
        } finally {
            System.setOut(original);
        }

        String summary = "## DeliveryKit crash report\n\n"
                + "| test | cases | passed | failed | aborted |\n"
                + "| --- | --- | --- | --- | --- |\n"
                + "| WithoutDedupTestCases.exactlyOneReservation | 2 | 1 | 1 | 0 |\n\n"
                + "Failed cases (rerun one with -Ddeliverykit.replay='<replay key>'):\n\n"
                + "| test | case | violated invariants | replay key | failure |\n"
                + "| --- | --- | --- | --- | --- |\n"
                + "| WithoutDedupTestCases.exactlyOneReservation | crash at after-reserve #1 | exactly once per key"
                + " | `boundary=after-reserve;hit=1` | reserve42:1:0: found 2 effects, expected exactly 1 |\n";
        assertThat(Files.readString(reports.resolve("report.md"))).isEqualTo(summary);
        assertThat(printed.toString(StandardCharsets.UTF_8))
                .isEqualTo("\n" + summary + "\nReport: "
                        + reports.resolve("report.html").toAbsolutePath() + "\n");
    }

    @Test
    void theReportCanBeTurnedOff() {
        CrashTestKit.reportingTo(reports)
                .with(DeliveryKitConfiguration.REPORT_ENABLED, "false")
                .run(WithoutDedupTestCases.class);

        assertThat(reports).isEmptyDirectory();
    }
}
