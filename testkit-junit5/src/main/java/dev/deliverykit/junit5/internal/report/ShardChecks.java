package dev.deliverykit.junit5.internal.report;

import dev.deliverykit.junit5.DeliveryKitConfiguration;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * What shards' report directories must be before {@link ShardMerge} merges them: of one split, every shard once,
 * and an output directory that holds nothing yet.
 */
final class ShardChecks {

    private ShardChecks() {}

    /** Every shard of the same count. */
    static void requireOneSplit(List<ShardReport> shards) {
        int count = shards.get(0).shard().count();
        for (ShardReport shard : shards) {
            if (shard.shard().count() != count) {
                throw new IllegalArgumentException("the shards were split differently: "
                        + shards.get(0).directory()
                        + " is shard " + shards.get(0).shard().text() + " and " + shard.directory() + " is shard "
                        + shard.shard().text() + ". Fix: merge the shards of one sharded run, whose jobs all set "
                        + DeliveryKitConfiguration.SHARD + "=INDEX/" + count + ".");
            }
        }
    }

    /** Every shard once: none twice, none missing. {@code shards} are sorted by index. */
    static void requireEveryShard(List<ShardReport> shards) {
        for (int i = 1; i < shards.size(); i++) {
            if (shards.get(i).shard().index() == shards.get(i - 1).shard().index()) {
                throw new IllegalArgumentException(
                        "shard " + shards.get(i).shard().text() + " is given twice: "
                                + shards.get(i - 1).directory() + " and "
                                + shards.get(i).directory()
                                + ". Fix: give each shard's report directory once.");
            }
        }
        int count = shards.get(0).shard().count();
        List<Integer> missing = IntStream.rangeClosed(1, count)
                .filter(index ->
                        shards.stream().noneMatch(shard -> shard.shard().index() == index))
                .boxed()
                .toList();
        if (!missing.isEmpty()) {
            boolean one = missing.size() == 1;
            throw new IllegalArgumentException((one ? "shard " : "shards ")
                    + and(missing.stream().map(String::valueOf).toList()) + " of " + count
                    + (one ? " is" : " are") + " missing: the directories given hold "
                    + (shards.size() == 1 ? "shard " : "shards ")
                    + and(shards.stream()
                            .map(shard -> shard.shard().index() + " (" + shard.directory() + ")")
                            .toList())
                    + ". Fix: add the report director" + (one ? "y of the job" : "ies of the jobs")
                    + " that ran with -D"
                    + DeliveryKitConfiguration.SHARD + "="
                    + missing.stream().map(index -> index + "/" + count).collect(Collectors.joining(", "))
                    + (one ? " (rerun it if it has none)." : " (rerun those that have none)."));
        }
    }

    /** {@code 1}, {@code 1 and 3}, {@code 1, 2 and 4}. */
    private static String and(List<String> texts) {
        return texts.size() == 1
                ? texts.get(0)
                : String.join(", ", texts.subList(0, texts.size() - 1)) + " and " + texts.get(texts.size() - 1);
    }

    static void requireNewDirectory(Path out) {
        if (!Files.exists(out)) {
            return;
        }
        boolean empty;
        try (Stream<Path> entries = Files.list(out)) {
            empty = entries.findAny().isEmpty();
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    out + " cannot be the output directory: " + e + ". Fix: give a new or empty directory.");
        }
        if (!empty) {
            throw new IllegalArgumentException(out + " is not empty: the merge writes a new report directory, and"
                    + " would mix its files with what is there. Fix: give a new or empty directory.");
        }
    }
}
