package dev.deliverykit.junit5.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.CrashMode;
import dev.deliverykit.invariant.Verdict;
import dev.deliverykit.junit5.DeliveryKitConfiguration;
import dev.deliverykit.junit5.MergeReports;
import dev.deliverykit.junit5.internal.config.Shard;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * The short texts both report forms show for a case, read from its row of the report model: the violated
 * invariants with their violation lines, the first line of a failure, the short crash site, the replay option.
 */
@API(status = INTERNAL, since = "0.1")
public final class ReportText {

    /** {@code dev.example.Relay.publish(Relay.java:42)}: the class's simple name, the method and the line. */
    private static final Pattern FRAME =
            Pattern.compile("(?:[\\w$]+\\.)*([\\w$]+)\\.([\\w$<>]+)\\((?:[^:)]*:(\\d+))?[^)]*\\)");

    /**
     * The tool that merges shards' reports, by name: the report names it to users and needs no link to the face's
     * entry points.
     */
    static final String MERGE_TOOL = "dev.deliverykit.junit5.MergeReports";

    /** The field of a report that {@link MergeReports} merged from shards: how many. */
    public static final String MERGED_SHARDS = "mergedShards";

    private ReportText() {}

    /** {@code Class.method}, the name a test goes by in the report. */
    static String testName(ReportJson.Node test) {
        return test.path("class").asText() + "." + test.path("method").asText();
    }

    /** A text field of the row, if present and not null. */
    static Optional<String> text(ReportJson.Node row, String field) {
        ReportJson.Node value = row.path(field);
        return value.isText() ? Optional.of(value.asText()) : Optional.empty();
    }

    /** Whether the case failed. */
    static boolean failed(ReportJson.Node row) {
        return row.path("outcome").asText().equals(CaseOutcome.FAILED.name());
    }

    /** Each violated invariant of the row, by name, with its violation lines, in the row's order. */
    static Map<String, List<String>> violated(ReportJson.Node row) {
        Map<String, List<String>> violated = new LinkedHashMap<>();
        row.path("invariants").fields().forEach((name, cell) -> {
            if (cell.path("verdict").asText().equals(Verdict.VIOLATED.name())) {
                violated.put(name, violationLines(cell.path("message").asText()));
            }
        });
        return violated;
    }

    /**
     * The lines that name what was found ({@code o-1:placed: found 0 effects, expected exactly 1}, indented
     * under their kind in an invariant's message), without the heading and kind lines that repeat in every
     * case; the message's lines after its first if it has no such lines; the message itself if it is one line.
     */
    static List<String> violationLines(String message) {
        List<String> lines = message.lines().toList();
        List<String> found = lines.stream()
                .filter(line -> line.startsWith("    "))
                .map(String::strip)
                .toList();
        if (!found.isEmpty()) {
            return found;
        }
        List<String> rest = lines.stream()
                .skip(1)
                .map(String::strip)
                .filter(line -> !line.isEmpty())
                .toList();
        return rest.isEmpty() ? List.of(message.strip()) : rest;
    }

    /** The violation lines of every violated invariant of the row, in order; empty if none is violated. */
    static List<String> allViolationLines(ReportJson.Node row) {
        List<String> all = new ArrayList<>();
        violated(row).values().forEach(all::addAll);
        return all;
    }

    /** The first non-blank line of a failure. */
    public static String firstLine(String failure) {
        return failure.strip().lines().findFirst().orElse("");
    }

    /**
     * {@code Relay.publish:42} for a stack frame {@code dev.example.Relay.publish(Relay.java:42)}, a lambda by the
     * method it was written in ({@code Relay.lambda$publish$1} is {@code Relay.publish}); else the frame.
     */
    static String shortCrashSite(String frame) {
        Matcher matcher = FRAME.matcher(frame.strip());
        if (!matcher.matches()) {
            return frame;
        }
        String method = matcher.group(2).matches("lambda\\$.+\\$\\d+")
                ? matcher.group(2)
                        .substring("lambda$".length(), matcher.group(2).lastIndexOf('$'))
                : matcher.group(2);
        return matcher.group(1) + "." + method + (matcher.group(3) == null ? "" : ":" + matcher.group(3));
    }

    /**
     * The cases of the test that ran in both modes and ended differently, one line each
     * ({@link ModeDisagreements}).
     */
    static List<String> modeDisagreements(ReportJson.Node test) {
        List<ModeDisagreements.Row> rows = new ArrayList<>();
        for (ReportJson.Node row : test.path("cases")) {
            rows.add(new ModeDisagreements.Row(
                    row.path("replayKey").asText(),
                    row.path("displayName").asText(),
                    row.path("outcome").asText()));
        }
        return ModeDisagreements.of(rows);
    }

    /**
     * What the report says about sharding: which shard of how many it is ({@link Shard#describe}), or how many
     * shards {@link MergeReports} merged it from; empty for an unsharded run.
     */
    static Optional<String> shardLine(ReportJson.Node model) {
        Optional<String> shard = text(model, "shard");
        if (shard.isPresent()) {
            String which;
            try {
                which = Shard.parse(shard.get()).describe();
            } catch (IllegalArgumentException e) {
                which = "Shard " + shard.get() + ".";
            }
            return Optional.of(which + " Merge the shards' report directories with " + MERGE_TOOL + ".");
        }
        long merged = model.path(MERGED_SHARDS).asLong();
        return merged > 0
                ? Optional.of("Merged from " + merged + " shards (" + DeliveryKitConfiguration.SHARD + "=1/" + merged
                        + " to " + merged + "/" + merged + "): every case once, in the order of an unsharded run.")
                : Optional.empty();
    }

    /** {@code -Ddeliverykit.replay='<key>'}, ready to paste into a Maven or Gradle command line. */
    static String replayOption(String replayKey) {
        return "-D" + DeliveryKitConfiguration.REPLAY + "='" + replayKey + "'";
    }

    /** {@code in process} or {@code child JVM}, for a row's {@code mode}. */
    static String modeName(String mode) {
        return mode.equals(CrashMode.CHILD_PROCESS.name()) ? "child JVM" : "in process";
    }

    /** A recording row's {@code sweep} counts in words, as {@link SweepCounts#sentence()} writes them. */
    static String sweepSentence(ReportJson.Node sweep) {
        return sweepCounts(sweep).sentence();
    }

    /** The texts of an array of texts, none for a missing one. */
    private static List<String> texts(ReportJson.Node array) {
        List<String> texts = new ArrayList<>();
        if (!array.isMissing()) {
            array.forEach(
                    element -> texts.add(element.data().map(String::valueOf).orElse("")));
        }
        return texts;
    }

    /** A recording row's {@code sweep} counts, as {@link ReportModel} wrote them. */
    static SweepCounts sweepCounts(ReportJson.Node sweep) {
        return new SweepCounts(
                (int) sweep.path("points").asLong(),
                (int) sweep.path("classes").asLong(),
                (int) sweep.path("cases").asLong(),
                (int) sweep.path("pruned").asLong(),
                sweep.path("notPruned").data().map(String::valueOf),
                sweep.path("failures").isMissing()
                        ? 0
                        : (int) sweep.path("failures").asLong(),
                texts(sweep.path("outsideEffects")));
    }
}
