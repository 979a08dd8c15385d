package dev.deliverykit.junit5;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.deliverykit.boundary.Boundary;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The report as data (format {@value #FORMAT}): one JVM's part, built from its rows, and the view merged from
 * the parts of every JVM that reported into one directory. Totals are always counted from the cases' outcomes.
 */
final class ReportModel {

    static final String FORMAT = "deliverykit-report/1";

    private static final ObjectMapper JSON = new ObjectMapper();

    private ReportModel() {
    }

    /** This JVM's part: its tests (one per template, in the order their invocations started) and totals. */
    static ObjectNode part(List<CaseEntry> rows, long pid, Instant written) {
        Map<String, List<CaseEntry>> byTemplate = new LinkedHashMap<>();
        rows.forEach(row -> byTemplate.computeIfAbsent(row.templateId(), id -> new ArrayList<>()).add(row));
        ArrayNode tests = JSON.createArrayNode();
        byTemplate.forEach((template, cases) -> {
            ObjectNode test = tests.addObject();
            test.put("class", cases.get(0).testClass());
            test.put("method", cases.get(0).testMethod());
            test.put("uniqueId", template);
            ArrayNode invocations = test.putArray("cases");
            cases.forEach(entry -> invocations.add(JSON.valueToTree(row(entry))));
        });
        ObjectNode part = JSON.createObjectNode();
        part.put("format", FORMAT);
        part.put("pid", pid);
        part.put("written", written.toString());
        part.put("jdk", Runtime.version().toString());
        part.put("kit", KitVersion.VALUE);
        return withTotals(part, tests);
    }

    private static Map<String, Object> row(CaseEntry entry) {
        CrashCase crashCase = entry.crashCase();
        Optional<Boundary> boundary = crashCase instanceof CrashCase.CrashAtHit hit ? Optional.of(hit.boundary())
                : Optional.empty();
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("displayName", crashCase.displayName());
        row.put("kind", crashCase.kind());
        row.put("boundary", boundary.map(Boundary::name).orElse(null));
        row.put("selector", boundary.map(named -> named.selector().spec()).orElse(null));
        row.put("hit", crashCase instanceof CrashCase.CrashAtHit hit ? hit.occurrence() : null);
        row.put("order", crashCase instanceof CrashCase.DeliverOrder order ? order.order().toString() : null);
        row.put("mode", crashCase.mode().name());
        row.put("replayKey", crashCase.replayKey().toString());
        row.put("outcome", entry.outcome().name());
        row.put("failure", entry.failure());
        row.put("crashSite", entry.crashSite());
        row.put("hits", entry.hits() < 0 ? null : entry.hits());
        Map<String, Object> invariants = new LinkedHashMap<>();
        entry.invariants().forEach((name, result) -> {
            Map<String, Object> cell = new LinkedHashMap<>();
            cell.put("verdict", result.verdict().name());
            cell.put("checked", result.checked());
            cell.put("violations", result.violations().size());
            cell.put("message", result.message());
            invariants.put(name, cell);
        });
        row.put("invariants", invariants);
        row.put("observations", entry.observations());
        return row;
    }

    /**
     * The merged view of {@code parts}, oldest first: every test of every part, where a test (by unique id) in a
     * later part replaces the same test in an earlier one, so a rerun shows its latest result.
     *
     * @param parts the parts' file names and contents, in the order they were written
     */
    static ObjectNode merge(Map<String, JsonNode> parts) {
        Map<String, JsonNode> tests = new LinkedHashMap<>();
        ArrayNode sources = JSON.createArrayNode();
        parts.forEach((file, part) -> {
            ObjectNode source = sources.addObject();
            source.put("file", file);
            source.put("pid", part.path("pid").asLong());
            source.put("written", part.path("written").asText());
            source.put("jdk", part.path("jdk").asText("unknown"));
            source.put("kit", part.path("kit").asText("unknown"));
            part.path("tests").forEach(test -> {
                tests.remove(test.path("uniqueId").asText());
                tests.put(test.path("uniqueId").asText(), test.deepCopy());
            });
        });
        ObjectNode merged = JSON.createObjectNode();
        merged.put("format", FORMAT);
        merged.set("parts", sources);
        ArrayNode testArray = JSON.createArrayNode();
        tests.values().forEach(testArray::add);
        return withTotals(merged, testArray);
    }

    /** Puts {@code totals} (over every case) and then {@code tests} (each with its own totals) into {@code root}. */
    private static ObjectNode withTotals(ObjectNode root, ArrayNode tests) {
        List<JsonNode> everyCase = new ArrayList<>();
        tests.forEach(test -> {
            List<JsonNode> cases = new ArrayList<>();
            test.path("cases").forEach(cases::add);
            everyCase.addAll(cases);
            ObjectNode counted = (ObjectNode) test;
            JsonNode caseArray = counted.remove("cases");
            counted.set("totals", totals(cases));
            counted.set("cases", caseArray);
        });
        root.set("totals", totals(everyCase));
        root.set("tests", tests);
        return root;
    }

    private static ObjectNode totals(List<JsonNode> cases) {
        ObjectNode totals = JSON.createObjectNode();
        totals.put("cases", cases.size());
        for (CaseOutcome outcome : CaseOutcome.values()) {
            totals.put(outcome.name().toLowerCase(Locale.ROOT),
                    cases.stream().filter(row -> row.path("outcome").asText().equals(outcome.name())).count());
        }
        return totals;
    }
}
