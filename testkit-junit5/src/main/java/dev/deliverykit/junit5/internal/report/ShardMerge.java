package dev.deliverykit.junit5.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.junit5.DeliveryKitConfiguration;
import dev.deliverykit.junit5.MergeReports;
import dev.deliverykit.junit5.internal.config.Shard;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
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

    private static final String REPORT = "report.json";
    private static final String ATTACHMENTS = ReportDirectory.ATTACHMENTS + "/";
    /** The end of an invocation's unique id: {@code [test-template-invocation:#7]}. */
    private static final Pattern INVOCATION_NUMBER = Pattern.compile("#[0-9]+]$");

    private ShardMerge() {}

    /** One shard's report directory, read. */
    private record ShardReport(Path directory, Shard shard, ReportJson.Node report) {

        /** {@code shard 2 (build/shard-2)}. */
        String named() {
            return "shard " + shard.index() + " (" + directory + ")";
        }
    }

    /** A case row of one shard's report. */
    private record Row(ShardReport from, long number, ReportJson.Node content) {}

    /** An attachment of a kept row, to be copied once every check has passed. */
    private record Copy(Path source, Path target) {}

    /**
     * Merges the shards' report directories into {@code out}, a new or empty directory, and returns the merged
     * report.
     *
     * @throws IllegalArgumentException saying what is wrong with the directories and how to fix it
     * @throws UncheckedIOException when a file cannot be read or written
     */
    public static ReportJson.Node merge(Path out, List<Path> directories) {
        if (directories.isEmpty()) {
            throw new IllegalArgumentException("no shard's report directory was given. Fix: name the report directory"
                    + " of every shard after the output directory.");
        }
        List<ShardReport> shards = new ArrayList<>();
        for (Path directory : directories) {
            shards.add(read(directory));
        }
        requireOneSplit(shards);
        shards.sort(Comparator.comparingInt(shard -> shard.shard().index()));
        requireEveryShard(shards);
        requireNewDirectory(out);
        Map<String, Object> merged = new LinkedHashMap<>();
        merged.put("format", ReportModel.FORMAT);
        merged.put("parts", parts(shards));
        merged.put("shard", null);
        merged.put(ReportText.MERGED_SHARDS, (long) shards.get(0).shard().count());
        List<Object> tests = new ArrayList<>();
        List<Copy> copies = new ArrayList<>();
        for (String uniqueId : testOrder(shards)) {
            tests.add(test(uniqueId, shards, out, copies));
        }
        ReportJson.Node report = new ReportJson.Node(ReportModel.withTotals(merged, tests));
        try {
            Files.createDirectories(out);
            for (Copy copy : copies) {
                Files.createDirectories(copy.target().getParent());
                Files.copy(copy.source(), copy.target(), StandardCopyOption.REPLACE_EXISTING);
            }
            new ReportFiles(report).write(out);
            return report;
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "could not write the merged report into " + out.toAbsolutePath() + ": " + e, e);
        }
    }

    private static ShardReport read(Path directory) {
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
        ReportJson.Node report;
        try {
            report = ReportJson.read(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("could not read " + file, e);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + " cannot be read: " + e.getMessage() + "." + fix);
        }
        if (!ReportModel.FORMAT.equals(report.path("format").asText())) {
            throw new IllegalArgumentException(file + " is not a DeliveryKit report of format " + ReportModel.FORMAT
                    + " (its format is \"" + report.path("format").asText() + "\")." + fix);
        }
        if (report.path(ReportText.MERGED_SHARDS).asLong() > 0) {
            throw new IllegalArgumentException(file + " is already merged from "
                    + report.path(ReportText.MERGED_SHARDS).asLong() + " shards. Fix: merge the shards' own report"
                    + " directories.");
        }
        Optional<String> shard = ReportText.text(report, "shard");
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

    private static void requireOneSplit(List<ShardReport> shards) {
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
    private static void requireEveryShard(List<ShardReport> shards) {
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

    private static void requireNewDirectory(Path out) {
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

    /** Every shard's parts, in the order of the shards, each saying which shard it belongs to. */
    private static List<Object> parts(List<ShardReport> shards) {
        List<Object> parts = new ArrayList<>();
        for (ShardReport shard : shards) {
            for (ReportJson.Node part : shard.report().path("parts")) {
                @SuppressWarnings("unchecked") // an object of the report, copied
                Map<String, Object> copied = (Map<String, Object>) part.copy();
                copied.put("shard", shard.shard().text());
                parts.add(copied);
            }
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
            for (ReportJson.Node test : shard.report().path("tests")) {
                String uniqueId = test.path("uniqueId").asText();
                int known = order.indexOf(uniqueId);
                if (known >= 0) {
                    next = known + 1;
                } else {
                    order.add(next++, uniqueId);
                }
            }
        }
        return order;
    }

    /** The test {@code uniqueId} with the cases of every shard, each once, in their unsharded order. */
    private static Map<String, Object> test(String uniqueId, List<ShardReport> shards, Path out, List<Copy> copies) {
        Map<String, Object> test = new LinkedHashMap<>();
        TreeMap<Long, Row> rows = new TreeMap<>();
        for (ShardReport shard : shards) {
            for (ReportJson.Node found : shard.report().path("tests")) {
                if (!found.path("uniqueId").asText().equals(uniqueId)) {
                    continue;
                }
                if (test.isEmpty()) {
                    for (String field : List.of("class", "className", "method", "uniqueId")) {
                        test.put(field, found.path(field).data().orElse(null));
                    }
                }
                for (ReportJson.Node content : found.path("cases")) {
                    Row row = new Row(shard, number(shard, found, content), content);
                    Row before = rows.putIfAbsent(row.number(), row);
                    if (before != null) {
                        requireSameRecording(before, row, found);
                    }
                }
            }
        }
        requireNoGap(
                rows,
                ReportText.testName(new ReportJson.Node(test)),
                shards.get(0).shard().count(),
                shards);
        List<Object> cases = new ArrayList<>();
        rows.values().forEach(row -> cases.add(merged(row, out, copies)));
        test.put("cases", cases);
        return test;
    }

    private static long number(ShardReport shard, ReportJson.Node test, ReportJson.Node row) {
        ReportJson.Node number = row.path("caseNumber");
        if (number.data().isEmpty() || number.asLong() < 1) {
            throw new IllegalArgumentException(shard.directory().resolve(REPORT) + ": the case \""
                    + row.path("displayName").asText() + "\" of " + ReportText.testName(test) + " has no caseNumber,"
                    + " so its place in an unsharded run is not known: it was replayed ("
                    + DeliveryKitConfiguration.REPLAY
                    + " ignores sharding), or an older kit wrote the report. Fix: merge the reports of the shards'"
                    + " whole runs, without " + DeliveryKitConfiguration.REPLAY + ".");
        }
        return number.asLong();
    }

    /**
     * A case number in two shards must be a sweep's recording, which every shard runs, and the same recording:
     * shards that recorded differently ran different code or settings.
     */
    private static void requireSameRecording(Row kept, Row other, ReportJson.Node test) {
        List<String> fields = List.of("kind", "displayName", "replayKey", "mode", "hits", "outcome");
        boolean same = fields.stream()
                .allMatch(field -> kept.content()
                        .path(field)
                        .asText()
                        .equals(other.content().path(field).asText()));
        if (same && kept.content().path("kind").asText().equals("RECORD")) {
            return;
        }
        throw new IllegalArgumentException("the shards ran different sweeps: case [" + kept.number() + "] of "
                + ReportText.testName(test) + " is " + summary(kept) + " in "
                + kept.from().named() + " and "
                + summary(other) + " in " + other.from().named() + ". Fix: merge the shards of one run, all of the"
                + " same code and settings, but for " + DeliveryKitConfiguration.SHARD + ".");
    }

    /** {@code "record boundaries (crash-free run)" (RECORD, 12 hits, PASSED)}. */
    private static String summary(Row row) {
        ReportJson.Node content = row.content();
        return "\"" + content.path("displayName").asText() + "\" ("
                + content.path("kind").asText() + ", " + content.path("hits").asText("no") + " hits, "
                + content.path("outcome").asText() + ")";
    }

    /** The case numbers of a test run from 1 without a gap: each case of an unsharded run is in some shard. */
    private static void requireNoGap(TreeMap<Long, Row> rows, String test, int count, List<ShardReport> shards) {
        long expected = 1;
        for (Map.Entry<Long, Row> entry : rows.entrySet()) {
            if (entry.getKey() != expected) {
                int shard = shardOf(rows, expected, count);
                throw new IllegalArgumentException("the shards' reports do not add up to one run: case [" + expected
                        + "] of " + test + " is in none of them, though "
                        + shards.get(shard - 1).named()
                        + " should have run it; that shard's run was cut short, or ran other code or settings. Fix:"
                        + " rerun that shard's job with the others' code and settings, then merge again.");
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
                .filter(entry ->
                        entry.getValue().content().path("kind").asText().equals("RECORD"))
                .mapToLong(Map.Entry::getKey)
                .max()
                .orElse(0);
        return new Shard(1, count).of((int) (number - recording - 1));
    }

    /** The row as in an unsharded run: its unique id numbered so, its attachments to be copied beside the merge. */
    private static Object merged(Row row, Path out, List<Copy> copies) {
        @SuppressWarnings("unchecked") // an object of the report, copied
        Map<String, Object> merged = (Map<String, Object>) row.content().copy();
        ReportText.text(row.content(), "uniqueId")
                .ifPresent(uniqueId -> merged.put(
                        "uniqueId", INVOCATION_NUMBER.matcher(uniqueId).replaceFirst("#" + row.number() + "]")));
        List<Object> attachments = new ArrayList<>();
        for (ReportJson.Node attachment : row.content().path("attachments")) {
            @SuppressWarnings("unchecked") // an object of the report, copied
            Map<String, Object> copied = (Map<String, Object>) attachment.copy();
            ReportText.text(attachment, "path")
                    .ifPresent(path -> copied.put("path", attachment(row, path, out, copies)));
            attachments.add(copied);
        }
        merged.put("attachments", attachments);
        return merged;
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
            throw new IllegalArgumentException(row.from().directory().resolve(REPORT) + " lists the attachment " + path
                    + " outside its directory. Fix: merge the report directories as the kit wrote them.");
        }
        if (!Files.isRegularFile(source)) {
            throw new IllegalArgumentException(row.from().directory().resolve(REPORT) + " lists the attachment "
                    + path + ", which is not there. Fix: keep the whole report directory of each shard, attachments/"
                    + " included (a CI artifact of the directory).");
        }
        copies.add(new Copy(source, copy));
        return target;
    }
}
