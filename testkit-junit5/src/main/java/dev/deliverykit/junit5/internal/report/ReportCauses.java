package dev.deliverykit.junit5.internal.report;

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
            TestReport test,
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
    record Numbered(CaseRow row, int number) {}

    static List<Cause> of(Report report) {
        List<Cause> causes = new ArrayList<>();
        int testIndex = 0;
        for (TestReport test : report.tests()) {
            Map<String, Cause> byCause = new LinkedHashMap<>();
            int number = 0;
            for (CaseRow row : test.cases()) {
                number++;
                if (!row.failed()) {
                    continue;
                }
                Map<String, List<Found>> violations = violations(row);
                String failure = violations.isEmpty()
                        ? ReportText.firstLine(row.failure().orElse("failed"))
                        : "";
                String signature =
                        violations.isEmpty() ? failure.replace(row.displayName(), "\u0000") : signature(violations);
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
    static Map<String, List<Found>> violations(CaseRow row) {
        Map<String, List<Found>> violated = new LinkedHashMap<>();
        row.invariants().forEach((name, cell) -> {
            if (cell.verdict() != Verdict.VIOLATED) {
                return;
            }
            violated.put(name, found(cell));
        });
        return violated;
    }

    /** The violations of one invariant's cell of a row. */
    static List<Found> found(CaseRow.InvariantCell cell) {
        List<Found> found = new ArrayList<>();
        if (cell.violated().isEmpty()) {
            ReportText.violationLines(cell.message()).forEach(line -> found.add(new Found("", line, "", "")));
        }
        cell.violated()
                .orElse(List.of())
                .forEach(violation -> found.add(
                        new Found(violation.label(), violation.key(), violation.found(), violation.expected())));
        return found;
    }

    /** The keys of {@code found} by kind of violation, each once, in the order first found. */
    static Map<String, Set<String>> keysByKind(List<Found> found) {
        Map<String, Set<String>> keysByKind = new LinkedHashMap<>();
        found.forEach(violation -> keysByKind
                .computeIfAbsent(violation.kind(), kind -> new LinkedHashSet<>())
                .add(violation.key()));
        return keysByKind;
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
