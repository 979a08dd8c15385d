package dev.deliverykit.junit5.child;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.deliverykit.junit5.DeliveryKitConfiguration;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
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
            Set.of("generatedAt", "durationMillis", "durationMs", "pid", "jvm", "jvms", "startedAt", "attachments");

    @TempDir
    Path reports;

    @Test
    void fiftyChildCasesLeaveNothingInTheTemporaryDirectory() throws Exception {
        Path temporary = Path.of(System.getProperty("java.io.tmpdir"));
        loadTheSqliteDriverHere(temporary);
        Set<String> before = entries(temporary);

        CrashTestResults results = CrashTestKit.reportingTo(reports).run(LambdaInAChildTestCases.ManyCommits.class);

        assertThat(results)
                .hasNumberOfStartedCases(2 * LambdaInAChildTestCases.ManyCommits.ENTRIES + 1)
                .hasNumberOfSucceededCases(2 * LambdaInAChildTestCases.ManyCommits.ENTRIES + 1);
        Set<String> left = entries(temporary);
        left.removeAll(before);
        assertThat(left).as("entries the child JVMs left in %s", temporary).isEmpty();
    }

    @Test
    void childrenStartedAheadGiveTheReportOfOneChildAtATime() throws IOException {
        Path sequential = reports.resolve("sequential");
        Path ahead = reports.resolve("ahead");

        CrashTestResults one = CrashTestKit.reportingTo(sequential)
                .with(DeliveryKitConfiguration.CHILD_PARALLELISM, "1")
                .run(LambdaInAChildTestCases.ThreeCommits.class);
        CrashTestResults two = CrashTestKit.reportingTo(ahead)
                .with(DeliveryKitConfiguration.CHILD_PARALLELISM, "2")
                .run(LambdaInAChildTestCases.ThreeCommits.class);

        assertThat(one).hasNumberOfStartedCases(7).hasNumberOfSucceededCases(7);
        assertThat(two.startedCases()).isEqualTo(one.startedCases());
        assertThat(report(ahead)).isEqualTo(report(sequential));
    }

    /** sqlite-jdbc extracts its native library once per JVM: this JVM's copy is not a child's. */
    private static void loadTheSqliteDriverHere(Path temporary) throws Exception {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            assertThat(connection.isValid(1)).isTrue();
        }
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
