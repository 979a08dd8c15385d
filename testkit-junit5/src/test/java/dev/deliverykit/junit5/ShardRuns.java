package dev.deliverykit.junit5;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.deliverykit.junit5.internal.report.ReportJson;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Test classes run whole and as each of {@code count} shards ({@value DeliveryKitConfiguration#SHARD}), each run into
 * a report directory of its own, {@code whole/} and {@code shard-1/} to {@code shard-<count>/}; and the reports read
 * back with Jackson, not with the kit's own codec.
 */
final class ShardRuns {

    /** The fields of report.json that differ between a run and the merge of its shards by nature. */
    private static final Set<String> VOLATILE_FIELDS =
            Set.of("parts", "written", "durationMs", "shard", ReportJson.MERGED_SHARDS);

    final Path whole;
    final CrashTestResults wholeResults;
    final List<Path> shards = new ArrayList<>();
    final List<CrashTestResults> shardResults = new ArrayList<>();

    private ShardRuns(Path reports, int count, Map<String, String> parameters, Class<?>... testClasses) {
        whole = reports.resolve("whole");
        wholeResults = whole(whole, parameters, testClasses);
        for (int index = 1; index <= count; index++) {
            Path shard = reports.resolve("shard-" + index);
            shards.add(shard);
            shardResults.add(kit(shard, parameters)
                    .with(DeliveryKitConfiguration.SHARD, index + "/" + count)
                    .run(testClasses));
        }
    }

    /** Runs {@code testClasses} whole, then in each of {@code count} shards, with the same parameters. */
    static ShardRuns of(Path reports, int count, Map<String, String> parameters, Class<?>... testClasses) {
        return new ShardRuns(reports, count, parameters, testClasses);
    }

    /** The test classes run whole, without shards, into {@code directory}. */
    static CrashTestResults whole(Path directory, Map<String, String> parameters, Class<?>... classes) {
        return kit(directory, parameters).run(classes);
    }

    /** The test classes in one shard only, into {@code directory}. */
    static CrashTestResults shard(Path directory, String shard, Map<String, String> parameters, Class<?>... classes) {
        return kit(directory, parameters)
                .with(DeliveryKitConfiguration.SHARD, shard)
                .run(classes);
    }

    private static CrashTestKit kit(Path directory, Map<String, String> parameters) {
        CrashTestKit kit = CrashTestKit.reportingTo(directory);
        parameters.forEach(kit::with);
        return kit;
    }

    /** report.json of a report directory. */
    static JsonNode report(Path directory) {
        try {
            return new ObjectMapper().readTree(directory.resolve("report.json").toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every case row of a report directory, test after test. */
    static List<JsonNode> rows(Path directory) {
        List<JsonNode> rows = new ArrayList<>();
        report(directory).get("tests").forEach(test -> test.get("cases").forEach(rows::add));
        return rows;
    }

    /**
     * The recording rows (or the other rows) of a report directory, each by its test, number, kind, replay key and
     * name: {@code WithoutDedupTestCases.exactlyOneReservation [7] CRASH selector=after-commit;hit=3 crash after commit #3 ...}.
     */
    static List<String> identities(Path directory, boolean recordings) {
        List<String> identities = new ArrayList<>();
        report(directory)
                .get("tests")
                .forEach(test -> test.get("cases").forEach(row -> {
                    if (row.get("kind").asText().equals("RECORD") == recordings) {
                        identities.add(test.get("class").asText() + "."
                                + test.get("method").asText() + " ["
                                + row.get("caseNumber").asText() + "] "
                                + row.get("kind").asText() + " "
                                + row.get("replayKey").asText() + " "
                                + row.get("displayName").asText());
                    }
                }));
        return identities;
    }

    /**
     * report.json without what differs between a run and the merge of its shards by nature: times, parts, the shard
     * label, and where attachments were copied to (their file names stay).
     */
    static JsonNode normalised(Path directory) {
        JsonNode report = report(directory);
        normalise(report);
        return report;
    }

    private static void normalise(JsonNode node) {
        if (node instanceof ObjectNode object) {
            object.remove(List.copyOf(VOLATILE_FIELDS));
            JsonNode path = object.get("path");
            if (path != null && path.isTextual()) {
                object.put("path", Path.of(path.asText()).getFileName().toString());
            }
        }
        node.forEach(ShardRuns::normalise);
    }

    /** A report file's text without the paragraphs that name its shard or say when it ran. */
    static String withoutShardAndRunLines(Path file) {
        try {
            return Files.readString(file)
                    .replaceAll("(?m)^(Shard |Merged from ).*\n\n", "")
                    .replaceAll("(?m)^<p class=\"run.*</p>\n", "")
                    .replaceAll("href=\"attachments/[^\"]*/", "href=\"attachments/.../");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
