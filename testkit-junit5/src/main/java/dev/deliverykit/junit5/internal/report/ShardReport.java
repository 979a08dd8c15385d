package dev.deliverykit.junit5.internal.report;

import dev.deliverykit.junit5.DeliveryKitConfiguration;
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
        String fix = " Fix: give the report directory of each shard's run (" + DeliveryKitConfiguration.REPORT_DIR
                + ", default " + DeliveryKitConfiguration.DEFAULT_REPORT_DIR + "), such as a CI job's report artifact.";
        if (!Files.exists(directory)) {
            throw new IllegalArgumentException(directory + ": no such directory." + fix);
        }
        Path file = directory.resolve(REPORT);
        if (!Files.isDirectory(directory) || !Files.isRegularFile(file)) {
            throw new IllegalArgumentException(
                    directory + " is not a DeliveryKit report directory: it has no " + REPORT + "." + fix);
        }
        Report report;
        try {
            report = ReportJson.read(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("could not read " + file, e);
        } catch (ReportJson.OtherFormat e) {
            throw new IllegalArgumentException(file + " is not a DeliveryKit report of format " + Report.FORMAT
                    + " (its format is \"" + e.format() + "\")." + fix);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + " cannot be read: " + e.getMessage() + "." + fix);
        }
        if (report.mergedShards() > 0) {
            throw new IllegalArgumentException(file + " is already merged from "
                    + report.mergedShards() + " shards. Fix: merge the shards' own report"
                    + " directories.");
        }
        Optional<String> shard = report.header().shard();
        if (shard.isEmpty()) {
            throw new IllegalArgumentException(file + " is the report of an unsharded run (it ran without "
                    + DeliveryKitConfiguration.SHARD + "), so it has no shard to merge. Fix: run each CI job with -D"
                    + DeliveryKitConfiguration.SHARD + "=INDEX/COUNT, or use that report as it is.");
        }
        try {
            return new ShardReport(directory, Shard.parse(shard.get()), report);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    file + " names the shard \"" + shard.get() + "\", which cannot be: " + e.getMessage() + "." + fix);
        }
    }
}
