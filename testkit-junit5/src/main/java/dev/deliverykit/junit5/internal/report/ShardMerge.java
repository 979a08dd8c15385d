package dev.deliverykit.junit5.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.junit5.DeliveryKitConfiguration;
import dev.deliverykit.junit5.MergeReports;
import dev.deliverykit.junit5.internal.config.Shard;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * The report of an unsharded run, made from its shards' report directories ({@value DeliveryKitConfiguration#SHARD}
 * {@code =1/N} to {@code N/N}): every test in the order of the shards' runs, its cases in their unsharded order (by
 * each row's {@code caseNumber}), a sweep's recording, which every shard runs, once (shard 1's), every unique id
 * numbered as in an unsharded run, and each kept case's attachments copied to {@code attachments/shard-<k>/}. Only
 * times, part names, attachment paths and the shard label differ from an unsharded run's report. Uses nothing of
 * JUnit, so that {@link MergeReports} runs without it.
 */
@API(status = INTERNAL, since = "0.1")
public final class ShardMerge {

    private static final String ATTACHMENTS = ReportDirectory.ATTACHMENTS + "/";
    /** The end of an invocation's unique id: {@code [test-template-invocation:#7]}. */
    private static final Pattern INVOCATION_NUMBER = Pattern.compile("#[0-9]+]$");

    private ShardMerge() {}

    /** A case row of one shard's report. */
    private record Row(ShardReport from, long number, CaseRow content) {}

    /** An attachment of a kept row, to be copied once every check has passed. */
    private record Copy(Path source, Path target) {}

    /**
     * Merges the shards' report directories into {@code out}, a new or empty directory, and returns the merged
     * report.
     *
     * @throws IllegalArgumentException saying what is wrong with the directories and how to fix it
     * @throws UncheckedIOException when a file cannot be read or written
     */
    public static Report merge(Path out, List<Path> directories) {
        if (directories.isEmpty()) {
            throw new IllegalArgumentException(ShardMessages.noDirectories().sentences());
        }
        List<ShardReport> shards = new ArrayList<>();
        for (Path directory : directories) {
            shards.add(ShardReport.read(directory));
        }
        ShardChecks.requireOneSplit(shards);
        shards.sort(Comparator.comparingInt(shard -> shard.shard().index()));
        ShardChecks.requireEveryShard(shards);
        ShardChecks.requireNewDirectory(out);
        List<TestReport> tests = new ArrayList<>();
        List<Copy> copies = new ArrayList<>();
        for (String uniqueId : testOrder(shards)) {
            tests.add(test(uniqueId, shards, out, copies));
        }
        Report report = new Report(
                new Report.Merged(
                        parts(shards),
                        Optional.empty(),
                        OptionalInt.of(shards.get(0).shard().count())),
                tests,
                List.of());
        try {
            Files.createDirectories(out);
            for (Copy copy : copies) {
                Files.createDirectories(copy.target().getParent());
                Files.copy(copy.source(), copy.target(), StandardCopyOption.REPLACE_EXISTING);
            }
            new ReportFiles(report).write(out);
            return report;
        } catch (IOException e) {
            throw new UncheckedIOException(ShardMessages.mergedUnwritable(out.toAbsolutePath(), e), e);
        }
    }

    /** Every shard's parts, in the order of the shards, each saying which shard it belongs to. */
    private static List<Report.Source> parts(List<ShardReport> shards) {
        List<Report.Source> parts = new ArrayList<>();
        for (ShardReport shard : shards) {
            shard.report()
                    .parts()
                    .forEach(part -> parts.add(part.inShard(shard.shard().text())));
        }
        return parts;
    }

    /**
     * The tests of every shard, each in its place: a shard lacks the tests with no case in it, so a test first met in
     * a later shard goes right after the test before it there.
     */
    private static List<String> testOrder(List<ShardReport> shards) {
        List<String> order = new ArrayList<>();
        for (ShardReport shard : shards) {
            int next = 0;
            for (TestReport test : shard.report().tests()) {
                int known = order.indexOf(test.uniqueId());
                if (known >= 0) {
                    next = known + 1;
                } else {
                    order.add(next++, test.uniqueId());
                }
            }
        }
        return order;
    }

    /** The test {@code uniqueId} with the cases of every shard, each once, in their unsharded order. */
    private static TestReport test(String uniqueId, List<ShardReport> shards, Path out, List<Copy> copies) {
        TestReport first = null;
        TreeMap<Long, Row> rows = new TreeMap<>();
        for (ShardReport shard : shards) {
            for (TestReport found : shard.report().tests()) {
                if (!found.uniqueId().equals(uniqueId)) {
                    continue;
                }
                if (first == null) {
                    first = found;
                }
                for (CaseRow content : found.cases()) {
                    Row row = new Row(shard, number(shard, found, content), content);
                    Row before = rows.putIfAbsent(row.number(), row);
                    if (before != null) {
                        requireSameRecording(before, row, found);
                    }
                }
            }
        }
        requireNoGap(rows, first.name(), shards.get(0).shard().count(), shards);
        List<CaseRow> cases = new ArrayList<>();
        rows.values().forEach(row -> cases.add(merged(row, out, copies)));
        return first.withCases(cases);
    }

    private static long number(ShardReport shard, TestReport test, CaseRow row) {
        if (row.caseNumber().isEmpty() || row.caseNumber().getAsInt() < 1) {
            throw new IllegalArgumentException(ShardMessages.noCaseNumber(
                            shard.directory().resolve(ShardReport.REPORT), row.displayName(), test.name())
                    .sentences());
        }
        return row.caseNumber().getAsInt();
    }

    /**
     * A case number in two shards must be a sweep's recording, which every shard runs, and the same recording:
     * shards that recorded differently ran different code or settings.
     */
    private static void requireSameRecording(Row kept, Row other, TestReport test) {
        CaseRow one = kept.content();
        CaseRow two = other.content();
        boolean same = one.kind().equals(two.kind())
                && one.displayName().equals(two.displayName())
                && one.replayKey().equals(two.replayKey())
                && one.mode().equals(two.mode())
                && one.hits().equals(two.hits())
                && one.outcome() == two.outcome();
        if (same && one.kind().equals("RECORD")) {
            return;
        }
        throw new IllegalArgumentException(ShardMessages.differentSweeps(
                        kept.number(),
                        test.name(),
                        summary(kept) + " in " + kept.from().named(),
                        summary(other) + " in " + other.from().named())
                .sentences());
    }

    /** {@code "record boundaries (crash-free run)" (RECORD, 12 hits, PASSED)}. */
    private static String summary(Row row) {
        CaseRow content = row.content();
        return "\"" + content.displayName() + "\" ("
                + content.kind() + ", "
                + (content.hits().isPresent() ? Integer.toString(content.hits().getAsInt()) : "no") + " hits, "
                + content.outcome().name() + ")";
    }

    /** The case numbers of a test run from 1 without a gap: each case of an unsharded run is in some shard. */
    private static void requireNoGap(TreeMap<Long, Row> rows, String test, int count, List<ShardReport> shards) {
        long expected = 1;
        for (Map.Entry<Long, Row> entry : rows.entrySet()) {
            if (entry.getKey() != expected) {
                int shard = shardOf(rows, expected, count);
                throw new IllegalArgumentException(
                        ShardMessages.gap(expected, test, shards.get(shard - 1).named())
                                .sentences());
            }
            expected++;
        }
    }

    /**
     * The shard that runs case {@code number} ({@link Shard}): a sweep counts its crash cases from 0 after its
     * recording, the last recording before the case; a listed test its cases from 0.
     */
    private static int shardOf(TreeMap<Long, Row> rows, long number, int count) {
        long recording = rows.headMap(number).entrySet().stream()
                .filter(entry -> entry.getValue().content().kind().equals("RECORD"))
                .mapToLong(Map.Entry::getKey)
                .max()
                .orElse(0);
        return new Shard(1, count).of((int) (number - recording - 1));
    }

    /** The row as in an unsharded run: its unique id numbered so, its attachments to be copied beside the merge. */
    private static CaseRow merged(Row row, Path out, List<Copy> copies) {
        CaseRow content = row.content();
        String uniqueId = content.uniqueId() == null
                ? null
                : INVOCATION_NUMBER.matcher(content.uniqueId()).replaceFirst("#" + row.number() + "]");
        List<CaseRow.AttachmentLink> attachments = new ArrayList<>();
        for (CaseRow.AttachmentLink attachment : content.attachments()) {
            attachments.add(new CaseRow.AttachmentLink(
                    attachment.label(), attachment.path().map(path -> attachment(row, path, out, copies))));
        }
        return content.renumbered(uniqueId, attachments);
    }
    /** The copy of a shard's attachment in {@code attachments/shard-<k>/...} of the merge; returns its path there. */
    private static String attachment(Row row, String path, Path out, List<Copy> copies) {
        Path shardDirectory = row.from().directory().toAbsolutePath().normalize();
        Path source = shardDirectory.resolve(path).normalize();
        String within = path.startsWith(ATTACHMENTS) ? path.substring(ATTACHMENTS.length()) : path;
        String target = ATTACHMENTS + "shard-" + row.from().shard().index() + "/" + within;
        Path merged = out.toAbsolutePath().normalize();
        Path copy = merged.resolve(target).normalize();
        if (!source.startsWith(shardDirectory) || !copy.startsWith(merged)) {
            throw new IllegalArgumentException(
                    ShardMessages.attachmentOutside(row.from().directory().resolve(ShardReport.REPORT), path)
                            .sentences());
        }
        if (!Files.isRegularFile(source)) {
            throw new IllegalArgumentException(
                    ShardMessages.attachmentMissing(row.from().directory().resolve(ShardReport.REPORT), path)
                            .sentences());
        }
        copies.add(new Copy(source, copy));
        return target;
    }
}
