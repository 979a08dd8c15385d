package dev.deliverykit.junit5;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@link MergeReports} refuses, each with its exit status and the key parts of its message: a directory that is
 * missing or not a shard's report, a report with a field the kit cannot do without missing or unknown, shards split
 * differently, given twice or missing, shards of different code, a replayed shard, an output directory in use, and
 * arguments that are not a command. The shards are real runs of {@link ShardingTestCases.InProcess}; its merge when
 * nothing is wrong is in {@link ShardingTests}, and the whole texts are pinned in {@code ShardMessagesTests} and
 * {@code ReportMessagesTests}.
 */
class MergeReportsTests {

    private static final String CANNOT = "DeliveryKit could not merge the shards' reports: ";
    private static final String FIX_DIRECTORY = " Fix: give the report directory of each shard's run";

    @TempDir
    Path reports;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @AfterEach
    void theCodeUnderTestAsItWas() {
        ShardingTestCases.InProcess.ENTRIES.set(2);
    }

    private int shards;

    /** A new report directory of {@link ShardingTestCases.InProcess} run as {@code shard}. */
    private Path shard(String shard) {
        Path directory = reports.resolve("shard-" + ++shards);
        ShardRuns.shard(directory, shard, Map.of(), ShardingTestCases.InProcess.class);
        return directory;
    }

    private int merge(Path... directories) {
        List<String> args = new ArrayList<>(List.of(reports.resolve("merged").toString()));
        for (Path directory : directories) {
            args.add(directory.toString());
        }
        return MergeReports.run(
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String error() {
        assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
        assertThat(reports.resolve("merged")).as("nothing written").doesNotExist();
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aMissingDirectory() {
        Path one = shard("1/2");
        Path nowhere = reports.resolve("nowhere");

        assertThat(merge(one, nowhere)).isEqualTo(1);
        assertThat(error()).startsWith(CANNOT + nowhere + ": no such directory." + FIX_DIRECTORY);
    }

    @Test
    void aDirectoryWithoutAReport() throws IOException {
        Path one = shard("1/2");
        Path empty = Files.createDirectory(reports.resolve("empty"));

        assertThat(merge(one, empty)).isEqualTo(1);
        assertThat(error())
                .startsWith(CANNOT + empty + " is not a DeliveryKit report directory: it has no report.json."
                        + FIX_DIRECTORY);
    }

    @Test
    void theReportOfAnUnshardedRun() {
        Path one = shard("1/2");
        Path whole = reports.resolve("whole");
        ShardRuns.whole(whole, Map.of(), ShardingTestCases.InProcess.class);

        assertThat(merge(one, whole)).isEqualTo(1);
        assertThat(error())
                .startsWith(CANNOT + whole.resolve("report.json") + " is the report of an unsharded run")
                .contains("Fix: run each CI job with -Ddeliverykit.shard=INDEX/COUNT");
    }

    @Test
    void shardsSplitDifferently() {
        Path one = shard("1/2");
        Path other = shard("2/3");

        assertThat(merge(one, other)).isEqualTo(1);
        assertThat(error())
                .startsWith(CANNOT + "the shards were split differently: " + one + " is shard 1/2 and " + other
                        + " is shard 2/3.")
                .contains("Fix: merge the shards of one sharded run");
    }

    @Test
    void aShardGivenTwice() {
        Path one = shard("1/2");
        Path again = shard("1/2");

        assertThat(merge(one, again)).isEqualTo(1);
        assertThat(error())
                .startsWith(CANNOT + "shard 1/2 is given twice: " + one + " and " + again + ".")
                .contains("Fix: give each shard's report directory once");
    }

    @Test
    void aMissingShardIsNamed() {
        Path three = shard("3/3");
        Path one = shard("1/3");

        assertThat(merge(three, one)).isEqualTo(1);
        assertThat(error())
                .startsWith(CANNOT + "shard 2 of 3 is missing: the directories given hold shards 1 (" + one
                        + ") and 3 (" + three + ").")
                .contains("Fix: add the report directory of the job that ran with -Ddeliverykit.shard=2/3");
    }

    @Test
    void twoMissingShardsAreNamed() {
        Path two = shard("2/4");
        Path three = shard("3/4");

        assertThat(merge(two, three)).isEqualTo(1);
        assertThat(error())
                .startsWith(CANNOT + "shards 1 and 4 of 4 are missing: the directories given hold shards 2 (" + two
                        + ") and 3 (" + three + ").")
                .contains("Fix: add the report directories of the jobs that ran with -Ddeliverykit.shard=1/4, 4/4");
    }

    @Test
    void shardsOfDifferentCodeRanDifferentSweeps() {
        Path one = shard("1/2");
        ShardingTestCases.InProcess.ENTRIES.set(3);
        Path two = shard("2/2");

        assertThat(merge(one, two)).isEqualTo(1);
        assertThat(error())
                .startsWith(CANNOT + "the shards ran different sweeps: case [1] of InProcess.everyEntryOnceInOrder is"
                        + " \"record boundaries (crash-free run)\" (RECORD, 4 hits, PASSED) in shard 1 (" + one
                        + ") and"
                        + " \"record boundaries (crash-free run)\" (RECORD, 6 hits, PASSED) in shard 2 (" + two + ").")
                .contains("Fix: merge the shards of one run");
    }

    @Test
    void aReplayedShardHasNoPlaceInTheUnshardedOrder() {
        Path one = shard("1/2");
        Path replayed = reports.resolve("replayed");
        ShardRuns.shard(
                replayed,
                "2/2",
                Map.of(DeliveryKitConfiguration.REPLAY, "selector=after-commit;hit=1"),
                ShardingTestCases.InProcess.class);

        assertThat(merge(one, replayed)).isEqualTo(1);
        assertThat(error())
                .startsWith(CANNOT + replayed.resolve("report.json") + ": the case \"crash after commit #1\" of"
                        + " InProcess.everyEntryOnceInOrder has no caseNumber")
                .contains("Fix: merge the reports of the shards' whole runs, without deliverykit.replay");
    }

    @Test
    void aReportWithAMissingNumberOrAMissingOrUnknownEnumNamesItsField() throws IOException {
        Path one = shard("1/2");
        Path two = shard("2/2");
        Path file = two.resolve("report.json");
        String written = Files.readString(file);
        ObjectMapper json = new ObjectMapper();
        String kit = json.readTree(written).get("parts").get(0).get("kit").asText();
        Map<String, Consumer<JsonNode>> edits = new LinkedHashMap<>();
        edits.put(
                "parts[0].pid is missing, where the kit writes a whole number",
                report -> ((ObjectNode) report.get("parts").get(0)).remove("pid"));
        edits.put(
                "tests[0].cases[0].outcome is missing, where the kit writes one of PASSED, FAILED",
                report -> ((ObjectNode) report.get("tests").get(0).get("cases").get(0)).remove("outcome"));
        edits.put(
                "tests[0].cases[0].outcome is \"EXPLODED\", where the kit writes one of",
                report -> ((ObjectNode) report.get("tests").get(0).get("cases").get(0)).put("outcome", "EXPLODED"));

        for (Map.Entry<String, Consumer<JsonNode>> edit : edits.entrySet()) {
            JsonNode report = json.readTree(written);
            edit.getValue().accept(report);
            Files.writeString(file, json.writeValueAsString(report));
            err.reset();

            assertThat(merge(one, two)).isEqualTo(1);
            assertThat(error())
                    .startsWith(CANNOT + file + " cannot be read: its field " + edit.getKey())
                    .contains("; DeliveryKit " + kit + " wrote it.")
                    .contains("Fix: give the report as the kit wrote it");
        }
        Files.writeString(file, written);
        assertThat(merge(one, two)).as("the shards as the kit wrote them").isZero();
    }

    @Test
    void anOutputDirectoryInUse() throws IOException {
        Path one = shard("1/2");
        Path two = shard("2/2");
        Files.writeString(Files.createDirectory(reports.resolve("merged")).resolve("notes.txt"), "mine");

        assertThat(merge(one, two)).isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .startsWith(CANNOT + reports.resolve("merged") + " is not empty")
                .contains("Fix: give a new or empty directory");
        assertThat(reports.resolve("merged/report.json")).doesNotExist();
    }

    @Test
    void argumentsThatAreNotACommand() {
        assertThat(MergeReports.run(
                        List.of(reports.toString()),
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8)))
                .isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .isEqualTo("usage: java -cp <testkit-junit5 jar>:<testkit-core jar> dev.deliverykit.junit5.MergeReports"
                        + " <output directory> <shard report directory>...\nMerges the report directories of the"
                        + " shards of one run (-Ddeliverykit.shard=1/N to N/N) into one report directory, as an"
                        + " unsharded run would have written it.\n");
        assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
    }
}
