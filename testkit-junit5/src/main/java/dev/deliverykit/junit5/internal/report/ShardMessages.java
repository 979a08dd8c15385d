package dev.deliverykit.junit5.internal.report;

import dev.deliverykit.internal.text.Message;
import dev.deliverykit.junit5.DeliveryKitConfiguration;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The messages of shards' report directories that cannot be merged: a directory that is no shard's report, shards
 * of different splits or runs, a shard missing, or an output directory in use.
 */
final class ShardMessages {

    /** How to give {@link ShardMerge} what it merges, said by every message about a directory it cannot read. */
    private static final String GIVE_SHARD_DIRECTORIES = "give the report directory of each shard's run ("
            + DeliveryKitConfiguration.REPORT_DIR + ", default " + DeliveryKitConfiguration.DEFAULT_REPORT_DIR
            + "), such as a CI job's report artifact";

    private static final String GIVE_NEW_DIRECTORY = "give a new or empty directory";

    private ShardMessages() {}

    /** No directory was given to merge. */
    static Message noDirectories() {
        return Message.of(
                "no shard's report directory was given",
                null,
                "name the report directory of every shard after the output directory");
    }

    /** {@code directory} does not exist. */
    static Message noDirectory(Path directory) {
        return Message.of(directory + ": no such directory", null, GIVE_SHARD_DIRECTORIES);
    }

    /** {@code directory} has no report file {@code report}. */
    static Message noReport(Path directory, String report) {
        return Message.of(
                directory + " is not a DeliveryKit report directory: it has no " + report,
                null,
                GIVE_SHARD_DIRECTORIES);
    }

    /** {@code file} is a report of another {@code format} than {@code expected}. */
    static Message otherFormat(Path file, String expected, String format) {
        return Message.of(
                file + " is not a DeliveryKit report of format " + expected + " (its format is \"" + format + "\")",
                null,
                GIVE_SHARD_DIRECTORIES);
    }

    /** {@code file} cannot be parsed; {@code error} says why. */
    static Message unreadable(Path file, String error) {
        return Message.of(file + " cannot be read: " + error, null, GIVE_SHARD_DIRECTORIES);
    }

    /** {@code file} names a shard that {@code error} refuses. */
    static Message impossibleShard(Path file, String shard, String error) {
        return Message.of(
                file + " names the shard \"" + shard + "\", which cannot be: " + error, null, GIVE_SHARD_DIRECTORIES);
    }

    /** {@code file} is itself a merge of {@code shards} shards. */
    static Message alreadyMerged(Path file, int shards) {
        return Message.of(
                file + " is already merged from " + shards + " shards",
                null,
                "merge the shards' own report directories");
    }

    /** {@code file} is the report of a run without a shard. */
    static Message unsharded(Path file) {
        return Message.of(
                file + " is the report of an unsharded run (it ran without " + DeliveryKitConfiguration.SHARD
                        + "), so it has no shard to merge",
                null,
                "run each CI job with -D" + DeliveryKitConfiguration.SHARD + "=INDEX/COUNT, or use that report as it"
                        + " is");
    }

    /**
     * Two shards of different counts.
     *
     * @param first the first shard's directory and shard, such as {@code build/a} and {@code 1/2}
     * @param count the first shard's count
     */
    static Message splitDifferently(Path first, String firstShard, Path other, String otherShard, int count) {
        return Message.of(
                "the shards were split differently: " + first + " is shard " + firstShard + " and " + other
                        + " is shard " + otherShard,
                null,
                "merge the shards of one sharded run, whose jobs all set " + DeliveryKitConfiguration.SHARD + "=INDEX/"
                        + count);
    }

    /** Shard {@code shard} is in both directories. */
    static Message givenTwice(String shard, Path one, Path two) {
        return Message.of(
                "shard " + shard + " is given twice: " + one + " and " + two,
                null,
                "give each shard's report directory once");
    }

    /**
     * Shards of the split are missing.
     *
     * @param missing the indexes of the missing shards
     * @param count the number of shards of the split
     * @param given the shards given, as {@code 1 (build/shard-1)}
     */
    static Message missingShards(List<Integer> missing, int count, List<String> given) {
        boolean one = missing.size() == 1;
        return Message.of(
                (one ? "shard " : "shards ")
                        + and(missing.stream().map(String::valueOf).toList()) + " of " + count
                        + (one ? " is" : " are") + " missing: the directories given hold "
                        + (given.size() == 1 ? "shard " : "shards ") + and(given),
                null,
                "add the report director" + (one ? "y of the job" : "ies of the jobs") + " that ran with -D"
                        + DeliveryKitConfiguration.SHARD + "="
                        + missing.stream().map(index -> index + "/" + count).collect(Collectors.joining(", "))
                        + (one ? " (rerun it if it has none)" : " (rerun those that have none)"));
    }

    /** {@code 1}, {@code 1 and 3}, {@code 1, 2 and 4}. */
    private static String and(List<String> texts) {
        return texts.size() == 1
                ? texts.get(0)
                : String.join(", ", texts.subList(0, texts.size() - 1)) + " and " + texts.get(texts.size() - 1);
    }

    /** {@code out} cannot be listed; {@code error} says why. */
    static Message unusableOutput(Path out, Exception error) {
        return Message.of(out + " cannot be the output directory: " + error, null, GIVE_NEW_DIRECTORY);
    }

    /** {@code out} already holds files. */
    static Message outputNotEmpty(Path out) {
        return Message.of(
                out + " is not empty: the merge writes a new report directory, and would mix its files with what is"
                        + " there",
                null,
                GIVE_NEW_DIRECTORY);
    }

    /** A case of {@code test} in {@code report} has no case number, so it cannot be placed. */
    static Message noCaseNumber(Path report, String caseName, String test) {
        return Message.of(
                report + ": the case \"" + caseName + "\" of " + test + " has no caseNumber, so its place in an"
                        + " unsharded run is not known: it was replayed (" + DeliveryKitConfiguration.REPLAY
                        + " ignores sharding), or an older kit wrote the report",
                null,
                "merge the reports of the shards' whole runs, without " + DeliveryKitConfiguration.REPLAY);
    }

    /**
     * Two shards ran a different case under one number.
     *
     * @param kept the case in the first shard, as {@code "name" (KIND, 3 hits, PASSED) in shard 1 (build/a)}
     * @param other the case in the other shard, in the same form
     */
    static Message differentSweeps(long number, String test, String kept, String other) {
        return Message.of(
                "the shards ran different sweeps: case [" + number + "] of " + test + " is " + kept + " and " + other,
                null,
                "merge the shards of one run, all of the same code and settings, but for "
                        + DeliveryKitConfiguration.SHARD);
    }

    /** Case {@code number} of {@code test} is in no shard, though {@code shard} should have run it. */
    static Message gap(long number, String test, String shard) {
        return Message.of(
                "the shards' reports do not add up to one run: case [" + number + "] of " + test + " is in none of"
                        + " them, though " + shard + " should have run it; that shard's run was cut short, or ran"
                        + " other code or settings",
                null,
                "rerun that shard's job with the others' code and settings, then merge again");
    }

    /** {@code report} lists an attachment outside its directory. */
    static Message attachmentOutside(Path report, String path) {
        return Message.of(
                report + " lists the attachment " + path + " outside its directory",
                null,
                "merge the report directories as the kit wrote them");
    }

    /** {@code report} lists an attachment that is not there. */
    static Message attachmentMissing(Path report, String path) {
        return Message.of(
                report + " lists the attachment " + path + ", which is not there",
                null,
                "keep the whole report directory of each shard, attachments/ included (a CI artifact of the"
                        + " directory)");
    }

    /** The report {@code file} of a shard could not be read. */
    static String notRead(Path file) {
        return "could not read " + file;
    }

    /** The merged report could not be written into {@code out}, as {@code error} says. */
    static String mergedUnwritable(Path out, Exception error) {
        return "could not write the merged report into " + out + ": " + error;
    }
}
