package dev.deliverykit.junit5.internal.report;

import dev.deliverykit.junit5.internal.config.Shard;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** One shard's report directory, read: which shard of how many it ran, and its report. */
record ShardReport(Path directory, Shard shard, Report report) {

    static final String REPORT = "report.json";

    /** {@code shard 2 (build/shard-2)}. */
    String named() {
        return "shard " + shard.index() + " (" + directory + ")";
    }

    /**
     * Reads the report of a shard's run from its directory.
     *
     * @throws IllegalArgumentException saying what the directory lacks, or why its report is no shard's, and how
     *     to fix it
     */
    static ShardReport read(Path directory) {
        if (!Files.exists(directory)) {
            throw new IllegalArgumentException(
                    ShardMessages.noDirectory(directory).sentences());
        }
        Path file = directory.resolve(REPORT);
        if (!Files.isDirectory(directory) || !Files.isRegularFile(file)) {
            throw new IllegalArgumentException(
                    ShardMessages.noReport(directory, REPORT).sentences());
        }
        Report report;
        try {
            report = ReportJson.read(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(ShardMessages.notRead(file), e);
        } catch (OtherReportFormat e) {
            throw new IllegalArgumentException(
                    ShardMessages.otherFormat(file, Report.FORMAT, e.format()).sentences());
        } catch (BadReportField e) {
            throw new IllegalArgumentException(e.message(file).sentences(), e);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    ShardMessages.unreadable(file, e.getMessage()).sentences());
        }
        if (report.mergedShards() > 0) {
            throw new IllegalArgumentException(
                    ShardMessages.alreadyMerged(file, report.mergedShards()).sentences());
        }
        Optional<String> shard = report.header().shard();
        if (shard.isEmpty()) {
            throw new IllegalArgumentException(ShardMessages.unsharded(file).sentences());
        }
        try {
            return new ShardReport(directory, Shard.parse(shard.get()), report);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(ShardMessages.impossibleShard(file, shard.get(), e.getMessage())
                    .sentences());
        }
    }
}
