package dev.deliverykit.junit5;

import static dev.deliverykit.junit5.internal.execution.InvariantFailures.checked;
import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.junit5.fixtures.SqliteSource;
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
                .hasMessage(checked(1, 1, "crash at after-reserve #1 and recovery:") + "\n"
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
        assertThat(test.get("className").asText()).isEqualTo(WithoutDedupTestCases.class.getName());
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
        assertThat(failed.get("uniqueId").asText())
                .isEqualTo(test.get("uniqueId").asText() + "/[test-template-invocation:#2]");
        assertThat(passed.get("uniqueId").asText())
                .isEqualTo(test.get("uniqueId").asText() + "/[test-template-invocation:#1]");
        assertThat(failed.get("durationMs").isIntegralNumber()).isTrue();
        assertThat(failed.get("durationMs").asLong()).isNotNegative();
        assertThat(failed.get("kind").asText()).isEqualTo("CRASH");
        assertThat(failed.get("boundary").asText()).isEqualTo("after-reserve");
        assertThat(failed.get("selector").asText())
                .isEqualTo("method-exit:dev.deliverykit.reference.outbox.WarehouseWithoutDedup#reserve");
        assertThat(failed.get("hit").asInt()).isEqualTo(1);
        assertThat(failed.get("mode").asText()).isEqualTo("IN_PROCESS");
        assertThat(failed.get("replayKey").asText()).isEqualTo("boundary=after-reserve;hit=1");
        assertThat(failed.get("outcome").asText()).isEqualTo("FAILED");
        assertThat(failed.get("failure").asText())
                .isEqualTo(checked(1, 1, "crash at after-reserve #1 and recovery:") + "\n" + VIOLATION);
        assertThat(failed.get("crashSite").asText())
                .startsWith(
                        "dev.deliverykit.reference.outbox.WarehouseWithoutDedup.reserve(WarehouseWithoutDedup.java:");
        JsonNode invariant = failed.get("invariants").get("exactly once per key");
        assertThat(invariant.get("verdict").asText()).isEqualTo("VIOLATED");
        assertThat(invariant.get("violations").asInt()).isEqualTo(1);
        assertThat(invariant.get("message").asText()).isEqualTo(VIOLATION);
        assertThat(invariant.get("field").isNull()).isTrue(); // checked by assertHolds, not a @CheckInvariant field
        assertThat(invariant.get("violated").toString())
                .isEqualTo("[{\"kind\":\"DUPLICATE_EFFECT\",\"label\":\"duplicate effect\",\"key\":\"reserve42:1:0\","
                        + "\"found\":\"2 effects\",\"expected\":\"exactly 1\"}]");
        assertThat(failed.get("attachments").toString()).isEqualTo("[]");
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
        // And the directories the kit creates are as any directory the build creates (typically rwxr-xr-x).
        Path controlDirectory = Files.createDirectory(reports.resolve("control"));
        Set<PosixFilePermission> asTheBuildCreates = Files.getPosixFilePermissions(controlDirectory);
        assertThat(asTheBuildCreates).contains(PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_EXECUTE);
        assertThat(Files.getPosixFilePermissions(reports.resolve("parts"))).isEqualTo(asTheBuildCreates);
        try (Stream<Path> left = Files.list(reports.resolve("parts"))) {
            assertThat(left.map(p -> p.getFileName().toString())).noneMatch(name -> name.endsWith(".tmp"));
        }
    }

    @Test
    void reportHtmlOpensWithTheRunAnOverviewAndTheFailuresByCauseThenACrashMatrixPerTest() throws Exception {
        CrashTestKit.reportingTo(reports).run(WithoutDedupTestCases.class);

        String html = Files.readString(reports.resolve("report.html"));
        String id = "WithoutDedupTestCases.exactlyOneReservation";
        String name = "WithoutDedupTestCases.<wbr>exactlyOneReservation";
        String replay = "<code class=\"replay\">-Ddeliverykit.replay=&#39;boundary=after-reserve;hit=1&#39;</code>";
        assertThat(html)
                .contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
                .containsPattern("<p class=\"run\">Run [0-9T:.Z-]+, JDK "
                        + Pattern.quote(Runtime.version().toString())
                        + ", DeliveryKit [0-9]+\\.[0-9]+\\.[0-9]+(-SNAPSHOT)?</p>")
                .contains("<table class=\"overview\"><tr class=\"head\"><th>test</th><th>cases</th><th>passed</th>"
                        + "<th>failed</th><th>aborted</th></tr>\n<tr><td class=\"name\"><a href=\"#" + id + "\">" + name
                        + "</a></td><td class=\"n\" data-label=\"cases\">2</td><td class=\"n\" data-label=\"passed\">1</td>"
                        + "<td class=\"n FAILED\" data-label=\"failed\">1</td><td class=\"n\" data-label=\"aborted\">0</td>"
                        + "</tr>\n</table></div>\n")
                .contains("<h2 id=\"failures\" class=\"bad\">Failures: 1 case, one cause</h2>\n"
                        + "<details class=\"cause\" id=\"cause-1\" open><summary><span class=\"count\">1 case</span>"
                        + "duplicate effect <code>reserve42:1:0</code> <span class=\"test\">(exactly once per key)</span>"
                        + " <span class=\"test\">in " + name + "</span></summary>\n"
                        + "<div class=\"invariant\"><b>exactly once per key</b> violated</div>\n"
                        + "<div class=\"scroll\"><table class=\"found\"><tr><th>key</th><th>violation</th><th>found</th>"
                        + "<th>expected</th></tr>\n<tr><td><code>reserve42:1:0</code></td><td>duplicate effect</td>"
                        + "<td>2 effects</td><td>exactly 1</td></tr>\n</table></div>\n")
                .containsPattern(
                        "<p class=\"site\">Crash sites: <code>WarehouseWithoutDedup\\.reserve:[0-9]+</code></p>\n"
                                + "<ol class=\"cases\">\n<li><a class=\"name\" href=\"#" + Pattern.quote(id)
                                + "-2\">crash at after-reserve #1</a><br><span class=\"site\">crash site <code title=\""
                                + "dev\\.deliverykit\\.reference\\.outbox\\.WarehouseWithoutDedup\\.reserve\\(WarehouseWithoutDedup"
                                + "\\.java:[0-9]+\\)\">WarehouseWithoutDedup\\.reserve:[0-9]+</code></span><br>"
                                + Pattern.quote(replay + "<details><summary>failure message</summary><pre>"
                                        + checked(1, 1, "crash at after-reserve #1 and recovery:") + "\n"
                                        + VIOLATION
                                        + "</pre></details></li>\n</ol></details>\n"))
                .contains("<h2 id=\"" + id + "\" class=\"name\">" + name
                        + " <span class=\"bad\">— 1 of 2 failed</span></h2>")
                .contains("<tr class=\"head\"><th>#</th><th>case and replay option</th><th>outcome</th>"
                        + "<th>exactly once per key</th><th>effects</th><th>crash site</th></tr>")
                .contains("<tr id=\"" + id + "-1\" class=\"PASSED\"><td class=\"n\">1</td><td class=\"case\">"
                        + "<span class=\"name\">crash at before-send #1</span><br>"
                        + "<code class=\"replay\">-Ddeliverykit.replay=&#39;boundary=before-send;hit=1&#39;</code></td>"
                        + "<td class=\"PASSED\" data-label=\"outcome\">PASSED</td><td class=\"HOLDS\" data-label=\""
                        + "exactly once per key\" title=\"exactly once per key: holds (checked 1 intent key, 1 effect row)\">"
                        + "HOLDS</td><td data-label=\"effects\">1</td>")
                .contains("<tr id=\"" + id + "-2\" class=\"FAILED\"><td class=\"n\">2</td><td class=\"case\">"
                        + "<span class=\"name\">crash at after-reserve #1</span><br>" + replay + "</td>"
                        + "<td class=\"FAILED\" data-label=\"outcome\">FAILED <a href=\"#cause-1\">cause 1</a></td>"
                        + "<td class=\"VIOLATED\" data-label=\"exactly once per key\" title=\"" + VIOLATION
                        + "\">VIOLATED"
                        + "<div class=\"verdict-lines\">duplicate effect: <code>reserve42:1:0</code></div></td>"
                        + "<td data-label=\"effects\">2</td>")
                .containsPattern("<td class=\"wide\" data-label=\"crash site\"><code title=\"dev\\.deliverykit\\."
                        + "reference\\.outbox\\.WarehouseWithoutDedup\\.reserve\\(WarehouseWithoutDedup\\.java:[0-9]+\\)\">"
                        + "WarehouseWithoutDedup\\.reserve:[0-9]+</code></td></tr>")
                .contains("@media (max-width:760px)");
    }

    /** An invariant whose intent keys and an observed value hold markup, read from a real SQLite file. */
    @CrashTestKitOnly
    @BoundaryCatalogueSource(value = WarehouseReservation.class, field = "WITHOUT_DEDUP")
    static class MarkupInValuesTestCases {
        @CrashAt("after-reserve")
        void exactlyOneReservation(CrashScenario scenario, @TempDir Path dir) throws Exception {
            scenario.run(() -> WarehouseReservation.submit(DeliveryProtocol.OUTBOX_WITHOUT_DEDUP, dir));
            scenario.restart(() -> WarehouseReservation.recover(DeliveryProtocol.OUTBOX_WITHOUT_DEDUP, dir));
            scenario.observe("note <b>", "<script>alert(2)</script> & \"quoted\"");
            scenario.assertHolds(Invariants.exactlyOncePerKey("every <i>key</i> once")
                    .intentsFrom(
                            SqliteSource.in(() -> dir, "orchestrator.db"),
                            "SELECT '<script>alert(1)</script>' || command_id FROM outbox")
                    .effectsIn(SqliteSource.in(() -> dir, "warehouse.db"), "effect", "intent_id"));
        }
    }

    @Test
    void everyValueInReportHtmlIsEscaped() throws Exception {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(MarkupInValuesTestCases.class);
        assertThat(results).hasNumberOfFailedCases(1);

        JsonNode row = new ObjectMapper()
                .readTree(reports.resolve("report.json").toFile())
                .get("tests")
                .get(0)
                .get("cases")
                .get(0);
        assertThat(row.get("invariants")
                        .get("every <i>key</i> once")
                        .get("violated")
                        .get(0)
                        .get("key")
                        .asText())
                .isEqualTo("<script>alert(1)</script>reserve42:1:0");
        assertThat(row.get("observations").get("note <b>").asText())
                .isEqualTo("<script>alert(2)</script> & \"quoted\"");
        String html = Files.readString(reports.resolve("report.html"));
        assertThat(html)
                .contains("<code>&lt;script&gt;alert(1)&lt;/script&gt;reserve42:1:0</code>")
                .contains("<th>note &lt;b&gt;</th>")
                .contains(
                        "<td data-label=\"note &lt;b&gt;\">&lt;script&gt;alert(2)&lt;/script&gt; &amp; &quot;quoted&quot;"
                                + "</td>")
                .contains("<b>every &lt;i&gt;key&lt;/i&gt; once</b> violated")
                .doesNotContain("<script")
                .doesNotContain("<i>")
                .doesNotContain("<b>key");
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
