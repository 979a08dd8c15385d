package dev.deliverykit.junit5.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.boundary.Boundary;
import dev.deliverykit.boundary.Selector;
import dev.deliverykit.invariant.InvariantResult;
import dev.deliverykit.invariant.Violation;
import dev.deliverykit.junit5.internal.config.KitVersion;
import dev.deliverykit.junit5.internal.config.Shard;
import dev.deliverykit.junit5.internal.planning.CrashCase;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * The report as data (format {@value #FORMAT}): one JVM's part, built from its rows, and the view merged from
 * the parts of every JVM that reported into one directory. Totals are always counted from the cases' outcomes.
 * Objects are insertion-ordered maps, written and read by {@link ReportJson}.
 */
@API(status = INTERNAL, since = "0.1")
public final class ReportModel {

    static final String FORMAT = "deliverykit-report/1";

    private ReportModel() {}

    /**
     * This JVM's part: its tests (one per template, in the order their invocations started) and totals; {@code shard}
     * is the run's shard ({@code "2/4"}), if it is sharded.
     */
    public static Map<String, Object> part(
            List<CaseEntry> rows, long pid, Instant written, String run, Optional<Shard> shard, Path directory) {
        Map<String, List<CaseEntry>> byTemplate = new LinkedHashMap<>();
        rows.forEach(row -> byTemplate
                .computeIfAbsent(row.templateId(), id -> new ArrayList<>())
                .add(row));
        List<Object> tests = new ArrayList<>();
        byTemplate.forEach((template, cases) -> {
            Map<String, Object> test = new LinkedHashMap<>();
            test.put("class", cases.get(0).testClass());
            test.put("className", cases.get(0).testClassName());
            test.put("method", cases.get(0).testMethod());
            test.put("uniqueId", template);
            List<Object> invocations = new ArrayList<>();
            cases.forEach(entry -> invocations.add(row(entry, directory)));
            test.put("cases", invocations);
            tests.add(test);
        });
        Map<String, Object> part = new LinkedHashMap<>();
        part.put("format", FORMAT);
        part.put("pid", pid);
        part.put("run", run);
        part.put("written", written.toString());
        part.put("jdk", Runtime.version().toString());
        part.put("kit", KitVersion.VALUE);
        part.put("shard", shard.map(Shard::text).orElse(null));
        return withTotals(part, tests);
    }

    private static Map<String, Object> row(CaseEntry entry, Path directory) {
        CrashCase crashCase = entry.crashCase();
        Optional<CrashCase.CrashAtHit> crash =
                crashCase instanceof CrashCase.Crashing crashing ? crashing.workloadCrash() : Optional.empty();
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("displayName", crashCase.displayName());
        row.put("uniqueId", entry.uniqueId());
        row.put(
                "caseNumber",
                entry.caseNumber().isPresent() ? entry.caseNumber().getAsInt() : null);
        row.put("kind", crashCase.kind());
        Optional<Boundary> boundary = crash.map(CrashCase.CrashAtHit::boundary);
        row.put("boundary", boundary.map(Boundary::name).orElse(null));
        putSelector(row, boundary);
        row.put("hit", crash.map(CrashCase.CrashAtHit::occurrence).orElse(null));
        row.put("recovery", crashCase instanceof CrashCase.CrashPair pair ? recovery(pair.recovery(), entry) : null);
        row.put(
                "order",
                crashCase instanceof CrashCase.DeliverOrder order
                        ? order.order().toString()
                        : null);
        row.put("mode", crashCase.mode().name());
        row.put("replayKey", crashCase.replayKey().toString());
        row.put("outcome", entry.outcome().name());
        row.put("failure", entry.failure());
        row.put("crashSite", entry.crashSite());
        if (!entry.afterDeath().isEmpty()) {
            row.put("afterDeath", entry.afterDeath());
        }
        row.put("hits", entry.hits() < 0 ? null : entry.hits());
        row.put("durationMs", entry.durationMillis() < 0 ? null : entry.durationMillis());
        Map<String, Object> invariants = new LinkedHashMap<>();
        entry.invariants().forEach((name, result) -> {
            Map<String, Object> cell = new LinkedHashMap<>();
            cell.put("field", entry.field(name).orElse(null));
            cell.put("verdict", result.verdict().name());
            cell.put("checked", result.checked());
            cell.put("violations", result.violations().size());
            cell.put("message", result.message());
            cell.put("violated", violated(result));
            invariants.put(name, cell);
        });
        row.put("invariants", invariants);
        row.put("observations", entry.observations());
        List<Object> attachments = new ArrayList<>();
        entry.attachments().forEach(attachment -> {
            Map<String, Object> listed = new LinkedHashMap<>();
            listed.put("label", attachment.label());
            listed.put("path", attachment.file() == null ? null : relative(directory, attachment.file()));
            attachments.add(listed);
        });
        row.put("attachments", attachments);
        if (crashCase instanceof CrashCase.CrashAtHit hit && !hit.equivalents().isEmpty()) {
            row.put("equivalents", hit.equivalents());
        }
        if (crashCase instanceof CrashCase.CrashPair pair
                && !pair.recovery().equivalents().isEmpty()) {
            row.put("equivalents", pair.recovery().equivalents()); // recovery points, after the same first crash
        }
        entry.sweepCounts().ifPresent(counts -> {
            Map<String, Object> sweep = new LinkedHashMap<>();
            sweep.put("points", counts.points());
            sweep.put("classes", counts.classes());
            sweep.put("cases", counts.cases());
            sweep.put("pruned", counts.pruned());
            sweep.put("notPruned", counts.notPruned().orElse(null));
            if (counts.failures() > 0) {
                sweep.put("failures", counts.failures());
            }
            if (!counts.outsideEffects().isEmpty()) {
                sweep.put("outsideEffects", counts.outsideEffects());
            }
            row.put("sweep", sweep);
        });
        return row;
    }

    /** Where a case that crashes its recovery too crashed the recovery: boundary, selector, hit and crash site. */
    /** {@code selector} and {@code within} as a replay key has them: the spec without its place, and the place. */
    private static void putSelector(Map<String, Object> row, Optional<Boundary> boundary) {
        Optional<Selector> selector = boundary.map(Boundary::selector);
        Optional<Selector.Within> scoped =
                selector.filter(Selector.Within.class::isInstance).map(Selector.Within.class::cast);
        row.put(
                "selector",
                scoped.<Selector>map(Selector.Within::selector)
                        .or(() -> selector)
                        .map(Selector::spec)
                        .orElse(null));
        row.put("within", scoped.map(within -> within.place().reference()).orElse(null));
    }

    private static Map<String, Object> recovery(CrashCase.CrashAtHit crash, CaseEntry entry) {
        Map<String, Object> recovery = new LinkedHashMap<>();
        recovery.put("boundary", crash.boundary().name());
        putSelector(recovery, Optional.of(crash.boundary()));
        recovery.put("hit", crash.occurrence());
        recovery.put("crashSite", entry.recoveryCrashSite());
        return recovery;
    }

    /** Each violation as data: its kind (constant and label), key, what was found and what was expected. */
    private static List<Object> violated(InvariantResult result) {
        List<Object> violations = new ArrayList<>();
        for (Violation violation : result.violations()) {
            Map<String, Object> listed = new LinkedHashMap<>();
            listed.put("kind", violation.kind().name());
            listed.put("label", violation.kind().label());
            listed.put("key", violation.subject());
            listed.put("found", violation.found());
            listed.put("expected", violation.expected());
            violations.add(listed);
        }
        return violations;
    }

    /** {@code file} relative to the report directory, with {@code /} between names (a link in report.html). */
    private static String relative(Path directory, Path file) {
        Path relative = directory
                .toAbsolutePath()
                .normalize()
                .relativize(file.toAbsolutePath().normalize());
        StringBuilder path = new StringBuilder();
        relative.forEach(name -> path.append(path.length() == 0 ? "" : "/").append(name));
        return path.toString();
    }

    /**
     * The merged view of {@code parts}, oldest first: every test of every part, where a test (by unique id) in a
     * later part replaces the same test in an earlier one, so a rerun shows its latest result. Its {@code shard} is
     * the parts' shard when they all ran the same one (every JVM of a sharded build does), else {@code null}.
     *
     * @param parts the parts' file names and contents, in the order they were written
     */
    static Map<String, Object> merge(Map<String, ReportJson.Node> parts) {
        Map<String, Object> tests = new LinkedHashMap<>();
        Map<String, Object> guarantees = new LinkedHashMap<>();
        List<Object> sources = new ArrayList<>();
        Set<String> shards = new HashSet<>();
        parts.forEach((file, part) -> {
            Map<String, Object> source = new LinkedHashMap<>();
            source.put("file", file);
            source.put("pid", part.path("pid").asLong());
            source.put("run", part.path("run").asText(null));
            source.put("written", part.path("written").asText());
            source.put("jdk", part.path("jdk").asText("unknown"));
            source.put("kit", part.path("kit").asText("unknown"));
            source.put("shard", part.path("shard").asText(null));
            shards.add(part.path("shard").asText(null));
            sources.add(source);
            for (ReportJson.Node test : part.path("tests")) {
                tests.remove(test.path("uniqueId").asText());
                tests.put(test.path("uniqueId").asText(), test.copy());
            }
            ReportGuarantees.collect(guarantees, part);
        });
        Map<String, Object> merged = new LinkedHashMap<>();
        merged.put("format", FORMAT);
        merged.put("parts", sources);
        merged.put("shard", shards.size() == 1 ? shards.iterator().next() : null);
        return ReportGuarantees.withCollected(withTotals(merged, new ArrayList<>(tests.values())), guarantees);
    }

    /** Puts {@code totals} (over every case) and then {@code tests} (each with its own totals) into {@code root}. */
    @SuppressWarnings("unchecked") // the tests are objects of the report's own making
    static Map<String, Object> withTotals(Map<String, Object> root, List<Object> tests) {
        List<Object> everyCase = new ArrayList<>();
        tests.forEach(test -> {
            Map<String, Object> counted = (Map<String, Object>) test;
            Object caseArray = counted.remove("cases");
            List<Object> cases = caseArray instanceof List<?> list ? new ArrayList<>(list) : new ArrayList<>();
            everyCase.addAll(cases);
            counted.put("totals", totals(cases));
            counted.put("cases", caseArray);
        });
        root.put("totals", totals(everyCase));
        root.put("tests", tests);
        return root;
    }

    private static Map<String, Object> totals(List<Object> cases) {
        Map<String, Object> totals = new LinkedHashMap<>();
        totals.put("cases", (long) cases.size());
        for (CaseOutcome outcome : CaseOutcome.values()) {
            totals.put(
                    outcome.name().toLowerCase(Locale.ROOT),
                    cases.stream()
                            .filter(row -> new ReportJson.Node(row)
                                    .path("outcome")
                                    .asText()
                                    .equals(outcome.name()))
                            .count());
        }
        return totals;
    }
}
