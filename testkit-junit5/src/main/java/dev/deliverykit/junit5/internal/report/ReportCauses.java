package dev.deliverykit.junit5.internal.report;

import static dev.deliverykit.junit5.internal.report.ReportText.failed;
import static dev.deliverykit.junit5.internal.report.ReportText.text;

import dev.deliverykit.invariant.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The failed cases of a report grouped by cause: within one test, cases that violated the same invariants with
 * the same kinds of violation for the same keys fail for the same reason, and so do cases without a violated
 * invariant whose failures read the same but for the case's own name. Groups and their cases keep the order in
 * which they first failed.
 */
final class ReportCauses {

    private ReportCauses() {}

    /**
     * One cause.
     *
     * @param test       the test whose cases failed
     * @param testIndex  the test's position in the report, from 0
     * @param violations per violated invariant (by name, in the first case's order) its violations; empty when
     *                   the cases failed without violating an invariant
     * @param failure    the first line of the first case's failure, when no invariant was violated
     * @param cases      the failed cases, each with its position in its test, from 1
     */
    record Cause(
            ReportJson.Node test,
            int testIndex,
            Map<String, List<Found>> violations,
            String failure,
            List<Numbered> cases) {}

    /**
     * One violation, as report.json carries it: what kind, which key, what was found and what was expected. A
     * part without structured violations (written before they existed) gives its violation lines as keys.
     */
    record Found(String kind, String key, String found, String expected) {}

    /** A failed case and its position in its test, from 1 (the row of the crash matrix). */
    record Numbered(ReportJson.Node row, int number) {}

    static List<Cause> of(ReportJson.Node model) {
        List<Cause> causes = new ArrayList<>();
        int testIndex = 0;
        for (ReportJson.Node test : model.path("tests")) {
            Map<String, Cause> byCause = new LinkedHashMap<>();
            int number = 0;
            for (ReportJson.Node row : test.path("cases")) {
                number++;
                if (!failed(row)) {
                    continue;
                }
                Map<String, List<Found>> violations = violations(row);
                String failure = violations.isEmpty()
                        ? ReportText.firstLine(text(row, "failure").orElse("failed"))
                        : "";
                String signature = violations.isEmpty()
                        ? failure.replace(row.path("displayName").asText(), "\u0000")
                        : signature(violations);
                int testPosition = testIndex;
                byCause.computeIfAbsent(
                                signature, key -> new Cause(test, testPosition, violations, failure, new ArrayList<>()))
                        .cases()
                        .add(new Numbered(row, number));
            }
            causes.addAll(byCause.values());
            testIndex++;
        }
        return causes;
    }

    /** The violated invariants of a row, in its order, each with its violations. */
    static Map<String, List<Found>> violations(ReportJson.Node row) {
        Map<String, List<Found>> violated = new LinkedHashMap<>();
        row.path("invariants").fields().forEach((name, cell) -> {
            if (!cell.path("verdict").asText().equals(Verdict.VIOLATED.name())) {
                return;
            }
            violated.put(name, found(cell));
        });
        return violated;
    }

    /** The violations of one invariant's cell of a row. */
    static List<Found> found(ReportJson.Node cell) {
        List<Found> found = new ArrayList<>();
        if (cell.path("violated").isMissing()) {
            ReportText.violationLines(cell.path("message").asText())
                    .forEach(line -> found.add(new Found("", line, "", "")));
        }
        cell.path("violated")
                .forEach(violation -> found.add(new Found(
                        violation.path("label").asText(violation.path("kind").asText()),
                        violation.path("key").asText(),
                        violation.path("found").asText(),
                        violation.path("expected").asText())));
        return found;
    }

    /** What makes two cases' violations the same cause: each invariant with its kinds and keys, not the counts. */
    private static String signature(Map<String, List<Found>> violations) {
        StringBuilder signature = new StringBuilder();
        violations.forEach((name, found) -> {
            Set<String> keys = new LinkedHashSet<>();
            found.forEach(violation -> keys.add(violation.kind() + "\u0001" + violation.key()));
            signature.append(name).append('\u0002').append(keys).append('\u0003');
        });
        return signature.toString();
    }
}
