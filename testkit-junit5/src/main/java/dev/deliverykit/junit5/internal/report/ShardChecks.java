package dev.deliverykit.junit5.internal.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
                throw new IllegalArgumentException(ShardMessages.splitDifferently(
                                shards.get(0).directory(),
                                shards.get(0).shard().text(),
                                shard.directory(),
                                shard.shard().text(),
                                count)
                        .sentences());
            }
        }
    }

    /** Every shard once: none twice, none missing. {@code shards} are sorted by index. */
    static void requireEveryShard(List<ShardReport> shards) {
        for (int i = 1; i < shards.size(); i++) {
            if (shards.get(i).shard().index() == shards.get(i - 1).shard().index()) {
                throw new IllegalArgumentException(ShardMessages.givenTwice(
                                shards.get(i).shard().text(),
                                shards.get(i - 1).directory(),
                                shards.get(i).directory())
                        .sentences());
            }
        }
        int count = shards.get(0).shard().count();
        List<Integer> missing = IntStream.rangeClosed(1, count)
                .filter(index ->
                        shards.stream().noneMatch(shard -> shard.shard().index() == index))
                .boxed()
                .toList();
        if (!missing.isEmpty()) {
            List<String> given = shards.stream()
                    .map(shard -> shard.shard().index() + " (" + shard.directory() + ")")
                    .toList();
            throw new IllegalArgumentException(
                    ShardMessages.missingShards(missing, count, given).sentences());
        }
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
                    ShardMessages.unusableOutput(out, e).sentences());
        }
        if (!empty) {
            throw new IllegalArgumentException(ShardMessages.outputNotEmpty(out).sentences());
        }
    }
}
