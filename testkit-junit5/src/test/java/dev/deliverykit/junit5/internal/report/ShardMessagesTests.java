package dev.deliverykit.junit5.internal.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShardMessagesTests {

    private static final Path A = Path.of("build/a");
    private static final Path B = Path.of("build/b");
    private static final Path REPORT = Path.of("build/a/report.json");
    private static final String FIX_DIRECTORY = " Fix: give the report directory of each shard's run"
            + " (deliverykit.report.dir, default target/deliverykit), such as a CI job's report artifact.";

    @Test
    void noDirectories() {
        assertThat(ShardMessages.noDirectories().sentences())
                .isEqualTo("no shard's report directory was given. Fix: name the report directory of every shard after"
                        + " the output directory.");
    }

    @Test
    void noDirectory() {
        assertThat(ShardMessages.noDirectory(A).sentences()).isEqualTo("build/a: no such directory." + FIX_DIRECTORY);
    }

    @Test
    void noReport() {
        assertThat(ShardMessages.noReport(A, "report.json").sentences())
                .isEqualTo("build/a is not a DeliveryKit report directory: it has no report.json." + FIX_DIRECTORY);
    }

    @Test
    void otherFormat() {
        assertThat(ShardMessages.otherFormat(REPORT, "2", "1").sentences())
                .isEqualTo("build/a/report.json is not a DeliveryKit report of format 2 (its format is \"1\")."
                        + FIX_DIRECTORY);
    }

    @Test
    void unreadable() {
        assertThat(ShardMessages.unreadable(REPORT, "no JSON object").sentences())
                .isEqualTo("build/a/report.json cannot be read: no JSON object." + FIX_DIRECTORY);
    }

    @Test
    void impossibleShard() {
        assertThat(ShardMessages.impossibleShard(REPORT, "3/2", "the index exceeds the count")
                        .sentences())
                .isEqualTo("build/a/report.json names the shard \"3/2\", which cannot be: the index exceeds the count."
                        + FIX_DIRECTORY);
    }

    @Test
    void alreadyMerged() {
        assertThat(ShardMessages.alreadyMerged(REPORT, 3).sentences())
                .isEqualTo("build/a/report.json is already merged from 3 shards. Fix: merge the shards' own report"
                        + " directories.");
    }

    @Test
    void unsharded() {
        assertThat(ShardMessages.unsharded(REPORT).sentences())
                .isEqualTo("build/a/report.json is the report of an unsharded run (it ran without deliverykit.shard),"
                        + " so it has no shard to merge. Fix: run each CI job with -Ddeliverykit.shard=INDEX/COUNT, or"
                        + " use that report as it is.");
    }

    @Test
    void splitDifferently() {
        assertThat(ShardMessages.splitDifferently(A, "1/2", B, "2/3", 2).sentences())
                .isEqualTo("the shards were split differently: build/a is shard 1/2 and build/b is shard 2/3. Fix:"
                        + " merge the shards of one sharded run, whose jobs all set deliverykit.shard=INDEX/2.");
    }

    @Test
    void givenTwice() {
        assertThat(ShardMessages.givenTwice("1/2", A, B).sentences())
                .isEqualTo("shard 1/2 is given twice: build/a and build/b. Fix: give each shard's report directory"
                        + " once.");
    }

    @Test
    void missingShard() {
        assertThat(ShardMessages.missingShards(List.of(2), 3, List.of("1 (build/a)", "3 (build/b)"))
                        .sentences())
                .isEqualTo("shard 2 of 3 is missing: the directories given hold shards 1 (build/a) and 3 (build/b)."
                        + " Fix: add the report directory of the job that ran with -Ddeliverykit.shard=2/3 (rerun it"
                        + " if it has none).");
    }

    @Test
    void missingShards() {
        assertThat(ShardMessages.missingShards(List.of(1, 3, 4), 4, List.of("2 (build/a)"))
                        .sentences())
                .isEqualTo("shards 1, 3 and 4 of 4 are missing: the directories given hold shard 2 (build/a). Fix: add"
                        + " the report directories of the jobs that ran with -Ddeliverykit.shard=1/4, 3/4, 4/4 (rerun"
                        + " those that have none).");
    }

    @Test
    void unusableOutput() {
        assertThat(ShardMessages.unusableOutput(A, new IOException("denied")).sentences())
                .isEqualTo("build/a cannot be the output directory: java.io.IOException: denied. Fix: give a new or"
                        + " empty directory.");
    }

    @Test
    void outputNotEmpty() {
        assertThat(ShardMessages.outputNotEmpty(A).sentences())
                .isEqualTo("build/a is not empty: the merge writes a new report directory, and would mix its files"
                        + " with what is there. Fix: give a new or empty directory.");
    }

    @Test
    void noCaseNumber() {
        assertThat(ShardMessages.noCaseNumber(REPORT, "crash after commit #1", "T.m")
                        .sentences())
                .isEqualTo("build/a/report.json: the case \"crash after commit #1\" of T.m has no caseNumber, so its"
                        + " place in an unsharded run is not known: it was replayed (deliverykit.replay ignores"
                        + " sharding), or an older kit wrote the report. Fix: merge the reports of the shards' whole"
                        + " runs, without deliverykit.replay.");
    }

    @Test
    void differentSweeps() {
        assertThat(ShardMessages.differentSweeps(
                                1,
                                "T.m",
                                "\"r\" (RECORD, 4 hits, PASSED) in shard 1 (build/a)",
                                "\"r\" (RECORD, 6 hits, PASSED) in shard 2 (build/b)")
                        .sentences())
                .isEqualTo("the shards ran different sweeps: case [1] of T.m is \"r\" (RECORD, 4 hits, PASSED) in shard"
                        + " 1 (build/a) and \"r\" (RECORD, 6 hits, PASSED) in shard 2 (build/b). Fix: merge the shards"
                        + " of one run, all of the same code and settings, but for deliverykit.shard.");
    }

    @Test
    void gap() {
        assertThat(ShardMessages.gap(3, "T.m", "shard 2 (build/b)").sentences())
                .isEqualTo("the shards' reports do not add up to one run: case [3] of T.m is in none of them, though"
                        + " shard 2 (build/b) should have run it; that shard's run was cut short, or ran other code or"
                        + " settings. Fix: rerun that shard's job with the others' code and settings, then merge"
                        + " again.");
    }

    @Test
    void attachmentOutside() {
        assertThat(ShardMessages.attachmentOutside(REPORT, "../x.txt").sentences())
                .isEqualTo("build/a/report.json lists the attachment ../x.txt outside its directory. Fix: merge the"
                        + " report directories as the kit wrote them.");
    }

    @Test
    void attachmentMissing() {
        assertThat(ShardMessages.attachmentMissing(REPORT, "attachments/x.txt").sentences())
                .isEqualTo("build/a/report.json lists the attachment attachments/x.txt, which is not there. Fix: keep"
                        + " the whole report directory of each shard, attachments/ included (a CI artifact of the"
                        + " directory).");
    }

    @Test
    void notRead() {
        assertThat(ShardMessages.notRead(Path.of("/tmp/shard-1/deliverykit-report.json")))
                .isEqualTo("could not read /tmp/shard-1/deliverykit-report.json");
    }

    @Test
    void mergedUnwritable() {
        assertThat(ShardMessages.mergedUnwritable(Path.of("/tmp/merged"), new IOException("disk full")))
                .isEqualTo("could not write the merged report into /tmp/merged: java.io.IOException: disk full");
    }
}
