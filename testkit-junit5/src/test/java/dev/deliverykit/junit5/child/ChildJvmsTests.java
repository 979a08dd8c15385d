package dev.deliverykit.junit5.child;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.deliverykit.classpath.LaunchTestClass;
import dev.deliverykit.junit5.DeliveryKitConfiguration;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import dev.deliverykit.process.ChildJvm;
import dev.deliverykit.process.ChildResult;
import dev.deliverykit.process.InheritedJvm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Many child JVMs: what they leave in the temporary directory, and children started ahead
 * ({@value DeliveryKitConfiguration#CHILD_PARALLELISM}) against one child at a time.
 */
class ChildJvmsTests {

    /** The fields of report.json that differ from run to run by nature: when and how long, in which JVM. */
    private static final Set<String> VOLATILE_FIELDS =
            Set.of("parts", "written", "generatedAt", "durationMillis", "durationMs", "pid", "attachments");

    @TempDir
    Path reports;

    /**
     * The sweep runs in a JVM of its own whose temporary directory is empty at its start and seen by nothing else
     * (this machine's temporary directory is shared with other builds); its own SQLite driver unpacks elsewhere,
     * an option its children do not inherit, so that whatever is left in the directory is the children's.
     */
    @Test
    void fiftyChildCasesLeaveNothingInTheTemporaryDirectory(@TempDir Path dir) throws IOException {
        Path temporary = Files.createDirectory(dir.resolve("tmp"));
        Path ownDriver = Files.createDirectory(dir.resolve("driver"));
        List<String> options = new ArrayList<>(InheritedJvm.ofThisJvm().commandLineOptions());
        options.addAll(List.of(
                "-Djava.io.tmpdir=" + temporary,
                "-Dorg.sqlite.tmpdir=" + ownDriver,
                "-D" + DeliveryKitConfiguration.CHILD_JVM_OPTIONS_DROPPED + "=-Dorg.sqlite.tmpdir",
                "-D" + DeliveryKitConfiguration.REPORT_DIR + "=" + dir.resolve("reports"),
                "-D" + DeliveryKitConfiguration.REPORT_SUMMARY + "=false",
                "-D" + DeliveryKitConfiguration.SWEEP_EXHAUSTIVE + "=true",
                "-D" + CrashTestKit.RUNNING + "=true"));

        ChildResult sweep = ChildJvm.mainClass(LaunchTestClass.class)
                .args(LambdaInAChildTestCases.ManyCommits.class.getName())
                .jvmArgs(options.toArray(new String[0]))
                .timeout(Duration.ofMinutes(10))
                .run();

        int cases = 2 * LambdaInAChildTestCases.ManyCommits.ENTRIES + 1;
        assertThat(sweep.exitCode()).as("the sweep's JVM:\n%s", sweep).isZero();
        assertThat(sweep.stdoutLines())
                .last()
                .isEqualTo("tests found " + cases + ", succeeded " + cases + ", failed 0, aborted 0");
        assertThat(entries(temporary))
                .as("what %s child JVMs left in their parent's temporary directory", cases)
                .isEmpty();
    }

    @Test
    void childrenStartedAheadGiveTheReportOfOneChildAtATime() throws IOException {
        Path sequential = reports.resolve("sequential");
        Path ahead = reports.resolve("ahead");

        CrashTestResults one = CrashTestKit.reportingTo(sequential)
                .with(DeliveryKitConfiguration.SWEEP_EXHAUSTIVE, "true")
                .with(DeliveryKitConfiguration.CHILD_PARALLELISM, "1")
                .run(LambdaInAChildTestCases.ThreeCommits.class);
        CrashTestResults two = CrashTestKit.reportingTo(ahead)
                .with(DeliveryKitConfiguration.SWEEP_EXHAUSTIVE, "true")
                .with(DeliveryKitConfiguration.CHILD_PARALLELISM, "2")
                .run(LambdaInAChildTestCases.ThreeCommits.class);

        assertThat(one).hasNumberOfStartedCases(7).hasNumberOfSucceededCases(7);
        assertThat(two.startedCases()).isEqualTo(one.startedCases());
        assertThat(report(ahead)).isEqualTo(report(sequential));
    }

    private static Set<String> entries(Path directory) throws IOException {
        try (Stream<Path> listed = Files.list(directory)) {
            return new TreeSet<>(
                    listed.map(path -> path.getFileName().toString()).toList());
        }
    }

    private static JsonNode report(Path directory) throws IOException {
        JsonNode report =
                new ObjectMapper().readTree(directory.resolve("report.json").toFile());
        withoutVolatileFields(report);
        return report;
    }

    private static void withoutVolatileFields(JsonNode node) {
        if (node instanceof ObjectNode object) {
            object.remove(List.copyOf(VOLATILE_FIELDS));
        }
        node.forEach(ChildJvmsTests::withoutVolatileFields);
    }
}
