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
 * The short texts both report forms show for a case, read from its row of the report: the violated
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

    private ReportText() {}

    /** Each violated invariant of the row, by name, with its violation lines, in the row's order. */
    static Map<String, List<String>> violated(CaseRow row) {
        Map<String, List<String>> violated = new LinkedHashMap<>();
        row.invariants().forEach((name, cell) -> {
            if (cell.verdict() == Verdict.VIOLATED) {
                violated.put(name, violationLines(cell.message()));
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
    static List<String> allViolationLines(CaseRow row) {
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
    static List<String> modeDisagreements(TestReport test) {
        return ModeDisagreements.of(test.cases());
    }

    /**
     * What the report says about sharding: which shard of how many it is ({@link Shard#describe}), or how many
     * shards {@link MergeReports} merged it from; empty for an unsharded run.
     */
    static Optional<String> shardLine(Report report) {
        Optional<String> shard = report.header().shard();
        if (shard.isPresent()) {
            String which;
            try {
                which = Shard.parse(shard.get()).describe();
            } catch (IllegalArgumentException e) {
                which = "Shard " + shard.get() + ".";
            }
            return Optional.of(which + " Merge the shards' report directories with " + MERGE_TOOL + ".");
        }
        long merged = report.mergedShards();
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
}
