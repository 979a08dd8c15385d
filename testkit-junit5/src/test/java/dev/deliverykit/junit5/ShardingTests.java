package dev.deliverykit.junit5;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.deliverykit.junit5.faults.FaultsTestCases;
import dev.deliverykit.junit5.internal.report.ReportJson;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@value DeliveryKitConfiguration#SHARD}: four shards of a sweep, of a sweep in both modes (with children started
 * ahead) and of {@code @CrashAt} and {@code @DeliverInOrder} lists run disjoint cases that together are the unsharded
 * run's, each recording in every shard; the merge of their reports ({@link MergeReports}) is the unsharded report but
 * for times, parts and the shard label; bad values are refused whole.
 */
class ShardingTests {

    @TempDir
    Path reports;

    @Test
    void fourShardsOfASweepRunEachCrashCaseOnceAndTheRecordingInEveryShard() throws IOException {
        ShardRuns runs =
                ShardRuns.of(reports, 4, Map.of(), WarehouseReservationCrashSweepTest.WithoutDedupTestCases.class);

        assertThat(runs.wholeResults).hasNumberOfStartedCases(11).hasNumberOfFailedCases(2);
        assertThat(runs.shardResults.get(1).startedCases())
                .containsExactly(
                        "[1] record boundaries (crash-free run)",
                        "[3] crash after commit #1 in TransactionalOutbox.<init> (via Sql.openWithSchema)",
                        "[7] crash after commit #1 in TransactionalOutbox.append (via Sql.inWriteTransaction)",
                        "[11] crash after commit #1 in TransactionalOutbox.markDone (via Sql.inWriteTransaction)");
        assertThat(runs.shardResults)
                .extracting(CrashTestResults::failedCases)
                .containsExactly(
                        List.of("[10] crash before commit #1 in TransactionalOutbox.markDone (via"
                                + " Sql.inWriteTransaction)"),
                        List.of(),
                        List.of(),
                        List.of("[9] crash after commit #1 in WarehouseWithoutDedup.reserve (via"
                                + " Sql.inWriteTransaction)"));
        assertSplit(runs);
        assertMergedEqualsWhole(runs);
    }

    @Test
    void fourShardsOfCrashAtAndDeliverInOrderListsSplitThemByPositionAndSkipATestWithoutACaseInTheShard()
            throws IOException {
        ShardRuns runs = ShardRuns.of(
                reports,
                4,
                Map.of(),
                WarehouseReservationCrashAtTest.WithoutDedupTestCases.class,
                WarehouseReservationCrashAtTest.MarkFirstRepeatedTestCases.class,
                DeliverInOrderTest.ArrivalOrderTestCases.class);

        assertThat(runs.wholeResults).hasNumberOfStartedCases(5 + 3 + 7);
        assertThat(runs.shardResults.get(0).startedCases())
                .containsExactlyInAnyOrder(
                        "[1] crash at before-submit #1",
                        "[5] crash at after-deliver #1",
                        "[1] crash at before-submit #1",
                        "[1] deliver A3,A1,A2,A3",
                        "[5] deliver A2,A3,A1");
        assertThat(skipReasons(runs.shardResults.get(3)))
                .containsExactly("deliverykit.shard=4/4: none of this test's 3 cases are in shard 4 of 4 (they run in"
                        + " shards 1 to 3)");
        assertThat(runs.shardResults.subList(0, 3))
                .allSatisfy(shard -> assertThat(skipReasons(shard)).isEmpty());
        assertSplit(runs);
        assertMergedEqualsWhole(runs);
    }

    /** Child JVMs: per mode, a recording and 4 crash cases whole, and a recording and 1 crash case per shard. */
    @Test
    void fourShardsOfASweepInBothModesWithChildrenStartedAheadNumberEachModeOnItsOwn() throws IOException {
        ShardRuns runs = ShardRuns.of(
                reports,
                4,
                Map.of(
                        DeliveryKitConfiguration.CHILD_PARALLELISM, "2",
                        DeliveryKitConfiguration.SWEEP_EXHAUSTIVE, "true"), // every point, so that each shard has one
                ShardingTestCases.BothModes.class);

        assertThat(runs.wholeResults).hasNumberOfStartedCases(10).hasNumberOfSucceededCases(10);
        assertThat(runs.shardResults.get(2).startedCases())
                .containsExactly(
                        "[1] record boundaries (crash-free run)",
                        "[4] crash before commit #2 in ShardingTestCases$Ledger.writeFrom",
                        "[6] record boundaries (crash-free run) (child JVM)",
                        "[9] crash before commit #2 in ShardingTestCases$Ledger.writeFrom (child JVM)");
        assertThat(runs.shardResults).allSatisfy(shard -> assertThat(shard).hasNumberOfSucceededCases(4));
        assertSplit(runs);
        assertMergedEqualsWhole(runs);
    }

    /** Failure cases are cases like any other: numbered, split by position, merged back. */
    @Test
    void fourShardsOfASweepWithInjectedFailuresSplitAndMergeItsFailureCases() throws IOException {
        ShardRuns runs = ShardRuns.of(reports, 4, Map.of(), FaultsTestCases.RetriesBlindlyTestCases.class);

        assertThat(runs.wholeResults).hasNumberOfStartedCases(10).hasNumberOfFailedCases(2);
        assertThat(runs.shardResults)
                .extracting(CrashTestResults::failedCases)
                .containsExactly(
                        List.of(),
                        List.of(),
                        List.of(),
                        List.of(
                                "[5] fail after commit #1 in Payments.charge",
                                "[10] fail after commit #1 in Payments.charge (child JVM)"));
        assertSplit(runs);
        assertMergedEqualsWhole(runs);
    }

    @Test
    void aShardsReportSaysWhichShardItIs() throws IOException {
        Path shard = reports.resolve("shard-2");
        ShardRuns.shard(shard, "2/4", Map.of(), WarehouseReservationCrashSweepTest.WithoutDedupTestCases.class);

        String label = "Shard 2 of 4 (deliverykit.shard=2/4): cases 2, 6, 10, … of each test, counting a sweep's"
                + " crash cases per mode after its recording, which every shard runs. Merge the shards' report"
                + " directories with dev.deliverykit.junit5.MergeReports.";
        JsonNode report = ShardRuns.report(shard);
        assertThat(report.get("shard").asText()).isEqualTo("2/4");
        assertThat(report.get("parts").get(0).get("shard").asText()).isEqualTo("2/4");
        assertThat(ShardRuns.rows(shard))
                .extracting(row -> row.get("caseNumber").asInt())
                .containsExactly(1, 3, 7, 11);
        assertThat(Files.readString(shard.resolve("report.md")))
                .startsWith("## DeliveryKit crash report\n\n" + label
                        + "\n\n| test | cases | passed | failed | aborted |\n");
        assertThat(Files.readString(shard.resolve("report.html")))
                .contains("<p class=\"run shard\">" + label.replace("'", "&#39;") + "</p>\n");
    }

    @Test
    void aReplayedCaseRunsWhateverTheShard() {
        CrashTestResults replayed = ShardRuns.shard(
                reports,
                "2/4",
                Map.of(DeliveryKitConfiguration.REPLAY, "selector=after-commit;hit=4"),
                WarehouseReservationCrashSweepTest.WithoutDedupTestCases.class);

        assertThat(replayed.failedCases())
                .containsExactly("[1] crash after commit #4"); // replayed without its recording, which names the site
        assertThat(ShardRuns.rows(reports))
                .singleElement()
                .satisfies(row -> assertThat(row.get("caseNumber").isNull()).isTrue());
    }

    /** A test of what kit tests do asserts on all their cases, so CrashTestKit runs them whole. */
    @Test
    void aCrashTestKitRunIsWholeWhateverShardTheBuildRuns() {
        String before = System.getProperty(DeliveryKitConfiguration.SHARD);
        System.setProperty(DeliveryKitConfiguration.SHARD, "2/4");
        try {
            assertThat(ShardRuns.whole(
                            reports, Map.of(), WarehouseReservationCrashSweepTest.WithoutDedupTestCases.class))
                    .hasNumberOfStartedCases(11);
            assertThat(ShardRuns.shard(
                            reports, "3/4", Map.of(), WarehouseReservationCrashSweepTest.WithoutDedupTestCases.class))
                    .hasNumberOfStartedCases(3);
        } finally {
            if (before == null) {
                System.clearProperty(DeliveryKitConfiguration.SHARD);
            } else {
                System.setProperty(DeliveryKitConfiguration.SHARD, before);
            }
        }
    }

    static Stream<Arguments> badShards() {
        String expected = "expected INDEX/COUNT, this run's shard and the number of shards, for example 2/4 for the"
                + " second of four";
        return Stream.of(
                Arguments.of("0/4", "there is no shard 0 of 4, shards are numbered from 1 to 4; " + expected),
                Arguments.of("5/4", "there is no shard 5 of 4, shards are numbered from 1 to 4; " + expected),
                Arguments.of("1/0", "the number of shards must be at least 1; " + expected),
                Arguments.of("2-4", expected),
                Arguments.of("x", expected));
    }

    @ParameterizedTest
    @MethodSource("badShards")
    void aBadShardFailsEveryKitTestBeforeAnythingRuns(String shard, String reason) {
        CrashTestResults results = ShardRuns.shard(
                reports, shard, Map.of(), WarehouseReservationCrashSweepTest.WithoutDedupTestCases.class);

        assertThat(results)
                .hasNumberOfStartedCases(0)
                .hasSingleFailedContainer()
                .withExceptionInstanceOf(ExtensionConfigurationException.class)
                .withMessage(
                        "DeliveryKit configuration parameter deliverykit.shard = \"" + shard + "\" cannot be used: "
                                + reason + ". Fix: correct or remove it in junit-platform.properties or the"
                                + " -Ddeliverykit.shard system property.");
    }

    /**
     * Every shard runs every recording of the whole run; their other cases are disjoint and together are the whole
     * run's, by number, replay key and name; and so are the names JUnit shows.
     */
    private static void assertSplit(ShardRuns runs) {
        List<String> wholeRecordings = ShardRuns.identities(runs.whole, true);
        List<String> wholeCases = ShardRuns.identities(runs.whole, false);
        List<String> shardCases = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int index = 0; index < runs.shards.size(); index++) {
            Path shard = runs.shards.get(index);
            if (!wholeRecordings.isEmpty()) {
                assertThat(ShardRuns.identities(shard, true))
                        .as("recordings of " + shard)
                        .isEqualTo(wholeRecordings);
            }
            List<String> cases = ShardRuns.identities(shard, false);
            assertThat(cases).as("cases of " + shard).isNotEmpty();
            shardCases.addAll(cases);
            names.addAll(runs.shardResults.get(index).startedCases());
        }
        assertThat(shardCases).as("no case in two shards").doesNotHaveDuplicates();
        assertThat(shardCases).containsExactlyInAnyOrderElementsOf(wholeCases);
        assertThat(names).containsExactlyInAnyOrderElementsOf(new HashSet<>(runs.wholeResults.startedCases()));
    }

    /** The shards merged: report.json (normalised), report.md and report.html as the whole run's. */
    private static void assertMergedEqualsWhole(ShardRuns runs) throws IOException {
        Path merged = runs.whole.resolveSibling("merged");
        List<String> args = new ArrayList<>(List.of(merged.toString()));
        runs.shards.stream().sorted(Comparator.reverseOrder()).forEach(shard -> args.add(shard.toString()));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int status = MergeReports.run(
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
        assertThat(status).isZero();
        assertThat(ShardRuns.normalised(merged)).isEqualTo(ShardRuns.normalised(runs.whole));
        assertThat(ShardRuns.report(merged).get(ReportJson.MERGED_SHARDS).asInt())
                .isEqualTo(runs.shards.size());
        assertThat(ShardRuns.withoutShardAndRunLines(merged.resolve("report.md")))
                .isEqualTo(ShardRuns.withoutShardAndRunLines(runs.whole.resolve("report.md")));
        assertThat(Files.readString(merged.resolve("report.md")))
                .startsWith("## DeliveryKit crash report\n\nMerged from 4 shards (deliverykit.shard=1/4 to 4/4): every"
                        + " case once, in the order of an unsharded run.\n\n");
        assertThat(ShardRuns.withoutShardAndRunLines(merged.resolve("report.html")))
                .isEqualTo(ShardRuns.withoutShardAndRunLines(runs.whole.resolve("report.html")));
        assertThat(out.toString(StandardCharsets.UTF_8))
                .isEqualTo(Files.readString(merged.resolve("report.md")) + "\nReport: "
                        + merged.resolve("report.html").toAbsolutePath() + "\n");
    }

    private static List<String> skipReasons(CrashTestResults results) {
        return results.allEvents().skipped().stream()
                .map(event -> event.getPayload(String.class).orElse("?"))
                .toList();
    }
}
