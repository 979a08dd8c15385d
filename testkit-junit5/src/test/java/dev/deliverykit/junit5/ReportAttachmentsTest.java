package dev.deliverykit.junit5;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.deliverykit.junit5.fixtures.WarehouseReservation;
import dev.deliverykit.junit5.internal.execution.CaseReportEntries;
import dev.deliverykit.junit5.internal.execution.CaseRun;
import dev.deliverykit.junit5.internal.report.CaseEntry;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import dev.deliverykit.reference.outbox.DeliveryProtocol;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.reporting.ReportEntry;

/**
 * Texts attached to a case (a child JVM's output): written next to the report, listed in report.json, linked
 * from report.html; and what each case tells JUnit's own reports: its name, replay key, report and files.
 */
class ReportAttachmentsTest {

    @TempDir
    Path reports;

    /** Attaches texts to each case after its test method, as the kit does with a child JVM's output. */
    static final class AttachesOutput implements AfterTestExecutionCallback {
        @Override
        public void afterTestExecution(ExtensionContext context) {
            CaseEntry entry = CaseRun.of(context).orElseThrow().entry();
            entry.attach(
                    "child stdout", "stdout.txt", "out of " + entry.crashCase().displayName() + "\n");
            entry.attach("child stdout again", "stdout.txt", "the same name twice");
            entry.attach("odd name", "../../x y.txt", "a name that must not leave the directory");
        }
    }

    @CrashTestKitOnly
    @BoundaryCatalogueSource(value = WarehouseReservation.class, field = "WITHOUT_DEDUP")
    @ExtendWith(AttachesOutput.class)
    static class AttachingTestCases {
        @CrashAt({"before-send", "after-reserve"})
        void exactlyOneReservation(CrashScenario scenario, @TempDir Path dir) throws Exception {
            WarehouseReservation.exactlyOnceByInvariant(scenario, DeliveryProtocol.OUTBOX_WITHOUT_DEDUP, dir);
        }
    }

    private String partName() throws Exception {
        try (Stream<Path> parts = Files.list(reports.resolve("parts"))) {
            String file = parts.findFirst().orElseThrow().getFileName().toString();
            return file.substring(0, file.length() - ".json".length());
        }
    }

    @Test
    void attachmentsAreWrittenBesideTheReportListedInReportJsonAndLinkedFromReportHtml() throws Exception {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(AttachingTestCases.class);
        assertThat(results).hasNumberOfStartedCases(2).hasNumberOfFailedCases(1);

        String base = "attachments/" + partName();
        assertThat(reports.resolve(base + "/1/stdout.txt")).hasContent("out of crash at before-send #1");
        assertThat(reports.resolve(base + "/1/stdout-2.txt")).hasContent("the same name twice");
        assertThat(reports.resolve(base + "/1/.._.._x_y.txt")).hasContent("a name that must not leave the directory");
        assertThat(reports.resolve(base + "/2/stdout.txt")).hasContent("out of crash at after-reserve #1");
        JsonNode cases = new ObjectMapper()
                .readTree(reports.resolve("report.json").toFile())
                .get("tests")
                .get(0)
                .get("cases");
        assertThat(cases.get(1).get("attachments").toString())
                .isEqualTo("[{\"label\":\"child stdout\",\"path\":\"" + base + "/2/stdout.txt\"},"
                        + "{\"label\":\"child stdout again\",\"path\":\"" + base + "/2/stdout-2.txt\"},"
                        + "{\"label\":\"odd name\",\"path\":\"" + base + "/2/.._.._x_y.txt\"}]");
        String links =
                "<div class=\"att\">attachments: <a href=\"" + base + "/2/stdout.txt\">child stdout</a>, <a href=\""
                        + base + "/2/stdout-2.txt\">child stdout again</a>, <a href=\"" + base
                        + "/2/.._.._x_y.txt\">odd name</a></div>";
        String html = Files.readString(reports.resolve("report.html"));
        assertThat(html)
                .contains("<code class=\"replay\">-Ddeliverykit.replay=&#39;boundary=after-reserve;hit=1&#39;</code>"
                        + links + "<details><summary>failure message</summary>")
                .contains("<span class=\"name\">crash at after-reserve #1</span><br><code class=\"replay\">"
                        + "-Ddeliverykit.replay=&#39;boundary=after-reserve;hit=1&#39;</code>" + links + "</td>");
        // Readable by others, as the report: files as the build writes them, directories as it creates them.
        Path controlFile = Files.writeString(reports.resolve("control.txt"), "any file");
        Path controlDirectory = Files.createDirectory(reports.resolve("control"));
        assertThat(Files.getPosixFilePermissions(reports.resolve(base + "/2/stdout.txt")))
                .isEqualTo(Files.getPosixFilePermissions(controlFile));
        for (String directory : List.of("attachments", base, base + "/2")) {
            assertThat(Files.getPosixFilePermissions(reports.resolve(directory)))
                    .as(directory)
                    .isEqualTo(Files.getPosixFilePermissions(controlDirectory));
        }
    }

    @Test
    void eachCaseTellsJUnitItsNameReplayKeyAndReportAndPublishesItsAttachmentsWhereJUnitCan() throws Exception {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(AttachingTestCases.class);

        List<Map<String, String>> entries = results.testEvents().reportingEntryPublished().stream()
                .map(event -> event.getPayload(ReportEntry.class).orElseThrow().getKeyValuePairs())
                .toList();
        String report = reports.resolve("report.html")
                .toAbsolutePath()
                .normalize()
                .toUri()
                .toString();
        assertThat(entries)
                .containsExactly(
                        Map.of(
                                CaseReportEntries.CASE, "crash at before-send #1",
                                CaseReportEntries.REPLAY, "boundary=before-send;hit=1",
                                CaseReportEntries.REPORT, report),
                        Map.of(
                                CaseReportEntries.CASE, "crash at after-reserve #1",
                                CaseReportEntries.REPLAY, "boundary=after-reserve;hit=1",
                                CaseReportEntries.REPORT, report));
        assertThat(results.testEvents().stream()
                        .filter(event -> event.getType().name().equals("FILE_ENTRY_PUBLISHED")))
                .as("files published without the Open Test Reporting XML")
                .isEmpty();
    }
}
