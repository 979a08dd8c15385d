package dev.deliverykit.junit5;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.deliverykit.junit5.internal.report.ReportDirectory;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import dev.deliverykit.process.ChildJvm;
import dev.deliverykit.process.ChildProcess;
import dev.deliverykit.process.ChildResult;
import dev.deliverykit.process.Handshake;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Several JVMs reporting into one directory (surefire's {@code forkCount > 1}, Gradle's forks): each writes its
 * own part and the merged report holds every test of every JVM of the run; a rerun replaces its own rows; the
 * parts of an earlier run (JVMs another process started) are deleted, not merged.
 */
class ReportForksTest {

    private static final String SAFE_PRODUCER = ReferenceVariantsCrashTest.SafeProducerTestCases.class.getName();
    private static final String UNSAFE_DUAL_WRITE = ReferenceVariantsCrashTest.UnsafeDualWriteTestCases.class.getName();

    @TempDir
    Path reports;

    /** A fork: runs one fixture class through the Jupiter engine into a report directory once the parent says GO. */
    public static final class Fork {
        public static void main(String[] args) throws Exception {
            Handshake.readyThenAwaitGo();
            CrashTestResults results =
                    CrashTestKit.reportingTo(Path.of(args[0])).run(Class.forName(args[1]));
            System.out.println("started " + results.testEvents().started().count());
        }
    }

    private static String[] agentOptions() {
        return ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(option -> option.startsWith("-javaagent:"))
                .toArray(String[]::new);
    }

    private JsonNode reportJson() throws IOException {
        return new ObjectMapper().readTree(reports.resolve("report.json").toFile());
    }

    private List<String> tests(JsonNode report) {
        List<String> names = new ArrayList<>();
        report.get("tests").forEach(test -> names.add(test.get("class").asText() + " " + test.get("totals")));
        return names;
    }

    private List<String> parts() throws IOException {
        try (Stream<Path> files = Files.list(reports.resolve("parts"))) {
            return files.map(file -> file.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void twoJvmsFinishingTogetherLeaveOneReportWithTheTestsOfBoth() throws Exception {
        ChildJvm fork = ChildJvm.mainClass(Fork.class).jvmArgs(agentOptions()).timeout(Duration.ofSeconds(120));
        List<ChildResult> results = new ArrayList<>();
        try (ChildProcess first = fork.args(reports.toString(), SAFE_PRODUCER).start();
                ChildProcess second =
                        fork.args(reports.toString(), UNSAFE_DUAL_WRITE).start()) {
            first.awaitLine(Handshake.READY);
            second.awaitLine(Handshake.READY);
            first.sendLine(Handshake.GO);
            second.sendLine(Handshake.GO);
            results.add(first.awaitExit());
            results.add(second.awaitExit());
        }

        assertThat(results).extracting(ChildResult::exitCode).containsExactly(0, 0);
        assertThat(results)
                .extracting(
                        result -> result.stdoutLines().get(result.stdoutLines().size() - 1))
                .containsExactly("started 3", "started 1");
        assertThat(parts()).hasSize(2).allMatch(name -> name.matches("report-[0-9]+-1\\.json"));
        JsonNode report = reportJson();
        assertThat(report.get("parts")).hasSize(2);
        assertThat(tests(report))
                .containsExactlyInAnyOrder(
                        "SafeProducerTestCases {\"cases\":3,\"passed\":3,\"failed\":0,\"aborted\":0,\"not_finished\":0}",
                        "UnsafeDualWriteTestCases {\"cases\":1,\"passed\":0,\"failed\":1,\"aborted\":0,\"not_finished\":0}");
        assertThat(report.get("totals").toString())
                .isEqualTo("{\"cases\":4,\"passed\":3,\"failed\":1,\"aborted\":0,\"not_finished\":0}");
        assertThat(Files.readString(reports.resolve("report.md")))
                .contains("| SafeProducerTestCases.noFlowChangeWithoutItsEvent | 3 | 3 | 0 | 0 |\n")
                .contains("| UnsafeDualWriteTestCases.noFlowChangeWithoutItsEvent | 1 | 0 | 1 | 0 |\n");
        assertThat(Files.readString(reports.resolve("report.html")))
                .contains("<p class=\"totals\">4 cases: 3 passed, 1 failed, 0 aborted.</p>")
                .contains("(merged from 2 JVMs of this run)</p>")
                .contains(
                        "<h2 id=\"SafeProducerTestCases.noFlowChangeWithoutItsEvent\" class=\"name\">SafeProducerTestCases."
                                + "<wbr>noFlowChangeWithoutItsEvent <span class=\"good\">— all 3 passed</span></h2>")
                .contains(
                        "<h2 id=\"UnsafeDualWriteTestCases.noFlowChangeWithoutItsEvent\" class=\"name\">UnsafeDualWriteTestCases."
                                + "<wbr>noFlowChangeWithoutItsEvent <span class=\"bad\">— 1 of 1 failed</span></h2>");
        assertThat(report.get("parts").get(0).get("run").asText())
                .isEqualTo(report.get("parts").get(1).get("run").asText())
                .isEqualTo(ProcessHandle.current().pid() + "@"
                        + ProcessHandle.current().info().startInstant().orElseThrow());
    }

    @Test
    void runsInOneJvmAddUpAndARerunReplacesOnlyItsOwnRows() throws Exception {
        CrashTestKit.reportingTo(reports).run(ReferenceVariantsCrashTest.UnsafeDualWriteTestCases.class);
        CrashTestKit.reportingTo(reports).run(ReferenceVariantsCrashTest.SafeProducerTestCases.class);
        CrashTestKit.reportingTo(reports)
                .with(DeliveryKitConfiguration.REPLAY, "boundary=producer.after-commit;hit=1")
                .run(ReferenceVariantsCrashTest.SafeProducerTestCases.class);

        assertThat(parts()).hasSize(3);
        assertThat(tests(reportJson()))
                .containsExactly(
                        "UnsafeDualWriteTestCases {\"cases\":1,\"passed\":0,\"failed\":1,\"aborted\":0,\"not_finished\":0}",
                        "SafeProducerTestCases {\"cases\":1,\"passed\":1,\"failed\":0,\"aborted\":0,\"not_finished\":0}");
        assertThat(reportJson()
                        .get("tests")
                        .get(1)
                        .get("cases")
                        .get(0)
                        .get("replayKey")
                        .asText())
                .isEqualTo("boundary=producer.after-commit;hit=1");
    }

    @Test
    void thePartOfAJvmOfAnEarlierRunIsDeletedAndLeftOutOfTheReport() throws Exception {
        // A JVM this test JVM starts belongs to another run than this JVM (which Maven started): an earlier run.
        ChildJvm fork = ChildJvm.mainClass(Fork.class).jvmArgs(agentOptions()).timeout(Duration.ofSeconds(120));
        try (ChildProcess earlier =
                fork.args(reports.toString(), UNSAFE_DUAL_WRITE).start()) {
            earlier.awaitLine(Handshake.READY);
            earlier.sendLine(Handshake.GO);
            assertThat(earlier.awaitExit().exitCode()).isZero();
        }
        assertThat(reportJson().get("totals").get("failed").asInt()).isEqualTo(1);
        List<String> earlierParts = parts();

        CrashTestKit.reportingTo(reports).run(ReferenceVariantsCrashTest.SafeProducerTestCases.class);

        assertThat(earlierParts).hasSize(1);
        assertThat(parts()).hasSize(1).doesNotContainAnyElementsOf(earlierParts);
        JsonNode report = reportJson();
        assertThat(tests(report))
                .containsExactly(
                        "SafeProducerTestCases {\"cases\":3,\"passed\":3,\"failed\":0,\"aborted\":0,\"not_finished\":0}");
        assertThat(report.get("parts")).hasSize(1);
        assertThat(report.get("parts").get(0).get("run").asText()).isEqualTo(ReportDirectory.RUN);
        assertThat(Files.readString(reports.resolve("report.html")))
                .contains("<p class=\"totals\">3 cases: 3 passed, 0 failed, 0 aborted.</p>")
                .doesNotContain("merged from")
                .doesNotContain("UnsafeDualWrite");
        assertThat(Files.readString(reports.resolve("report.md"))).doesNotContain("UnsafeDualWrite");
    }

    @Test
    void aStalePartsAttachmentsGoWithIt() throws Exception {
        Path stale = Files.createDirectories(reports.resolve("parts")).resolve("report-1-1.json");
        Files.writeString(
                stale,
                "{\"format\": \"deliverykit-report/1\", \"pid\": 1, \"run\": \"1@2020-01-01T00:00:00Z\","
                        + " \"written\": \"2020-01-01T00:00:01Z\", \"tests\": []}");
        Path attachment = Files.createDirectories(reports.resolve("attachments/report-1-1/1"))
                .resolve("stdout.txt");
        Files.writeString(attachment, "output of an earlier run");

        CrashTestKit.reportingTo(reports).run(ReferenceVariantsCrashTest.SafeProducerTestCases.class);

        assertThat(stale).doesNotExist();
        assertThat(reports.resolve("attachments/report-1-1")).doesNotExist();
        assertThat(reportJson().get("parts")).hasSize(1);
    }

    @Test
    void anUnreadablePartIsLeftOutAndTheOthersAreMerged() throws Exception {
        Files.createDirectories(reports.resolve("parts"));
        Path unreadable = reports.resolve("parts/report-1-1.json");
        Files.writeString(unreadable, "{\"format\": \"something else\"}");

        // The kit warns on stderr; captured here, so that it is asserted and a green build does not print it.
        PrintStream stderr = System.err;
        ByteArrayOutputStream warned = new ByteArrayOutputStream();
        System.setErr(new PrintStream(warned, true, StandardCharsets.UTF_8));
        try {
            CrashTestKit.reportingTo(reports).run(ReferenceVariantsCrashTest.UnsafeDualWriteTestCases.class);
        } finally {
            System.setErr(stderr);
        }

        // On JDK 24 and later the JVM may warn here too (native access, when the driver loads first).
        assertThat(warned.toString(StandardCharsets.UTF_8).replaceAll("(?m)^WARNING: .*\\R", ""))
                .isEqualTo("[DeliveryKit] the report leaves out " + unreadable + ", which cannot be read (its format is"
                        + " \"something else\", not deliverykit-report/1); delete it or clean the report directory"
                        + System.lineSeparator());

        assertThat(tests(reportJson()))
                .containsExactly(
                        "UnsafeDualWriteTestCases {\"cases\":1,\"passed\":0,\"failed\":1,\"aborted\":0,\"not_finished\":0}");
        assertThat(reportJson().get("parts")).hasSize(1);
    }
}
