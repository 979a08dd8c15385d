package dev.deliverykit.classpath;

import static dev.deliverykit.classpath.ChildOnItsOwnClassPath.codeSource;
import static dev.deliverykit.classpath.ChildOnItsOwnClassPath.kitJar;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.deliverykit.junit5.CrashAt;
import dev.deliverykit.junit5.DeliveryKitConfiguration;
import dev.deliverykit.junit5.MergeReports;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link MergeReports} runs as its Javadoc says, on the kit's two jars alone: no JUnit, no AssertJ, no JDBC driver.
 * The shards are two runs of {@link MethodBoundaryTestCases} in this JVM: its one case is in shard 1 of 2, so shard 2
 * skips the test and writes a report without cases, which the merge needs all the same.
 */
class MergeReportsWithoutJUnitTests {

    @TempDir
    Path dir;

    @Test
    void theMergeCommandNeedsOnlyTheKitsJars() throws Exception {
        for (String shard : List.of("1/2", "2/2")) {
            CrashTestKit.reportingTo(dir.resolve("shard-" + shard.charAt(0)))
                    .with(DeliveryKitConfiguration.SHARD, shard)
                    .run(MethodBoundaryTestCases.class);
        }

        ChildOnItsOwnClassPath child = ChildOnItsOwnClassPath.run(
                dir,
                List.of(kitJar(), codeSource(CrashAt.class)),
                List.of(),
                MergeReports.class.getName(),
                "merged",
                "shard-2",
                "shard-1");

        assertThat(child.exitCode).as(child.toString()).isZero();
        assertThat(child.stderr).as(child.toString()).isEmpty();
        assertThat(child.stdout)
                .as(child.toString())
                .containsExactly(
                        "## DeliveryKit crash report",
                        "",
                        "Merged from 2 shards (deliverykit.shard=1/2 to 2/2): every case once, in the order of an"
                                + " unsharded run.",
                        "",
                        "| test | cases | passed | failed | aborted |",
                        "| --- | --- | --- | --- | --- |",
                        "| MethodBoundaryTestCases.theSecondEntryIsNeverAppended | 1 | 1 | 0 | 0 |",
                        "",
                        "Report: " + dir.resolve("merged/report.html"));
        JsonNode merged =
                new ObjectMapper().readTree(dir.resolve("merged/report.json").toFile());
        assertThat(merged.get("parts"))
                .extracting(part -> part.get("shard").asText())
                .containsExactly("1/2", "2/2");
        assertThat(merged.get("tests")
                        .get(0)
                        .get("cases")
                        .get(0)
                        .get("caseNumber")
                        .asInt())
                .isEqualTo(1);
    }
}
