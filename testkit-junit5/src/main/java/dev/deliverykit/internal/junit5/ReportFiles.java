package dev.deliverykit.internal.junit5;

import dev.deliverykit.internal.markdown.MarkdownTable;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.deliverykit.invariant.InvariantResult;
import dev.deliverykit.invariant.Verdict;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The report of one run, in three forms: {@code report.json} (format {@value #FORMAT}) for machines,
 * {@code report.html} (a crash matrix per test: one row per case; columns for the outcome, for each checked
 * invariant and for each observed value; red and green cells; replay keys) for people, and a Markdown
 * summary for the CI log.
 */
final class ReportFiles {

    static final String FORMAT = "deliverykit-report/1";
    private static final int FAILURE_SHOWN = 160;

    private final List<CaseEntry> rows;
    private final Map<String, List<CaseEntry>> byTemplate = new LinkedHashMap<>();

    ReportFiles(List<CaseEntry> rows) {
        this.rows = rows;
        for (CaseEntry row : rows) {
            byTemplate.computeIfAbsent(row.templateId(), id -> new ArrayList<>()).add(row);
        }
    }

    /**
     * Writes {@code report.json}, {@code report.html} and {@code report.md} (the summary, for a CI job's
     * summary page) into {@code directory}, created if needed, and returns the HTML file.
     */
    Path write(Path directory) {
        try {
            Files.createDirectories(directory);
            ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
            Files.writeString(directory.resolve("report.json"), json.writeValueAsString(model()) + "\n",
                    StandardCharsets.UTF_8);
            Path html = directory.resolve("report.html");
            Files.writeString(html, html(), StandardCharsets.UTF_8);
            Files.writeString(directory.resolve("report.md"), markdownSummary(""), StandardCharsets.UTF_8);
            return html.toAbsolutePath();
        } catch (IOException e) {
            throw new UncheckedIOException("DeliveryKit could not write its report into " + directory.toAbsolutePath()
                    + "; check that the directory (deliverykit.report.dir) is writable", e);
        }
    }

    Map<String, Object> model() {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("format", FORMAT);
        root.put("totals", totals(rows));
        List<Object> tests = new ArrayList<>();
        byTemplate.forEach((template, cases) -> {
            Map<String, Object> test = new LinkedHashMap<>();
            test.put("class", cases.get(0).testClass());
            test.put("method", cases.get(0).testMethod());
            test.put("uniqueId", template);
            test.put("totals", totals(cases));
            List<Object> invocations = new ArrayList<>();
            for (CaseEntry entry : cases) {
                CrashCase crashCase = entry.crashCase();
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("displayName", crashCase.displayName());
                row.put("kind", crashCase.kind().name());
                row.put("boundary", crashCase.boundary().map(boundary -> boundary.name()).orElse(null));
                row.put("selector", crashCase.boundary().map(boundary -> boundary.selector().spec()).orElse(null));
                row.put("hit", crashCase.kind() == CrashCase.Kind.CRASH ? crashCase.occurrence() : null);
                row.put("order", crashCase.order().map(Object::toString).orElse(null));
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
                invocations.add(row);
            }
            test.put("cases", invocations);
            tests.add(test);
        });
        root.put("tests", tests);
        return root;
    }

    private static Map<String, Integer> totals(List<CaseEntry> cases) {
        Map<String, Integer> totals = new LinkedHashMap<>();
        totals.put("cases", cases.size());
        for (CaseOutcome outcome : CaseOutcome.values()) {
            totals.put(outcome.name().toLowerCase(java.util.Locale.ROOT),
                    (int) cases.stream().filter(entry -> entry.outcome() == outcome).count());
        }
        return totals;
    }

    String html() {
        StringBuilder page = new StringBuilder();
        page.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>DeliveryKit crash report"
                + "</title>\n<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;margin-bottom:2em}"
                + "th,td{border:1px solid #999;padding:4px 8px;text-align:left;vertical-align:top}"
                + "td.PASSED,td.HOLDS{background:#c8e6c9}td.FAILED,td.VIOLATED{background:#ffcdd2}td.ABORTED,td.NOT_FINISHED{background:#fff3c4}"
                + "tr.FAILED td.value{background:#ffebee}code{font-size:90%}pre{white-space:pre-wrap;margin:0}"
                + "</style></head><body>\n");
        Map<String, Integer> totals = totals(rows);
        page.append("<h1>DeliveryKit crash report</h1>\n<p>").append(totals.get("cases")).append(" cases: ")
                .append(totals.get("passed")).append(" passed, ").append(totals.get("failed")).append(" failed, ")
                .append(totals.get("aborted")).append(" aborted.</p>\n");
        byTemplate.forEach((template, cases) -> {
            Set<String> columns = new LinkedHashSet<>();
            cases.forEach(entry -> columns.addAll(entry.observations().keySet()));
            Set<String> invariantColumns = new LinkedHashSet<>();
            cases.forEach(entry -> invariantColumns.addAll(entry.invariants().keySet()));
            page.append("<h2>").append(escape(cases.get(0).testClass() + "." + cases.get(0).testMethod()))
                    .append("</h2>\n<table><tr><th>#</th><th>case</th><th>outcome</th>");
            invariantColumns.forEach(column -> page.append("<th>").append(escape(column)).append("</th>"));
            columns.forEach(column -> page.append("<th>").append(escape(column)).append("</th>"));
            page.append("<th>crash site</th><th>replay key</th></tr>\n");
            int index = 1;
            for (CaseEntry entry : cases) {
                String outcome = entry.outcome().name();
                page.append("<tr class=\"").append(outcome).append("\"><td>").append(index++).append("</td><td>")
                        .append(escape(entry.crashCase().displayName())).append("</td><td class=\"").append(outcome)
                        .append("\">").append(outcome);
                if (entry.failure() != null) {
                    page.append("<details><summary>why</summary><pre>").append(escape(entry.failure()))
                            .append("</pre></details>");
                }
                page.append("</td>");
                Map<String, InvariantResult> checked = entry.invariants();
                invariantColumns.forEach(column -> {
                    InvariantResult result = checked.get(column);
                    if (result == null) {
                        page.append("<td></td>");
                    } else {
                        page.append("<td class=\"").append(result.verdict().name()).append("\" title=\"")
                                .append(escape(result.message())).append("\">").append(result.verdict().name())
                                .append("</td>");
                    }
                });
                Map<String, Object> observed = entry.observations();
                columns.forEach(column -> page.append("<td class=\"value\">")
                        .append(observed.containsKey(column) ? escape(String.valueOf(observed.get(column))) : "")
                        .append("</td>"));
                page.append("<td><code>").append(escape(entry.crashSite() == null ? "" : entry.crashSite()))
                        .append("</code></td><td><code>").append(escape(entry.crashCase().replayKey().toString()))
                        .append("</code></td></tr>\n");
            }
            page.append("</table>\n");
        });
        return page.append("</body></html>\n").toString();
    }

    /** The summary printed at the end of the run: one row per test, then every failed case with its replay key. */
    String markdownSummary(String location) {
        StringBuilder text = new StringBuilder("## DeliveryKit crash report\n\n");
        MarkdownTable tests = new MarkdownTable("test", "cases", "passed", "failed", "aborted");
        List<CaseEntry> failed = new ArrayList<>();
        byTemplate.forEach((template, cases) -> {
            Map<String, Integer> totals = totals(cases);
            tests.row(cases.get(0).testClass() + "." + cases.get(0).testMethod(), totals.get("cases"),
                    totals.get("passed"), totals.get("failed"), totals.get("aborted"));
            failed.addAll(cases.stream().filter(entry -> entry.outcome() == CaseOutcome.FAILED)
                    .collect(Collectors.toList()));
        });
        text.append(tests.render());
        if (!failed.isEmpty()) {
            MarkdownTable failures = new MarkdownTable("test", "case", "violated invariants", "replay key", "failure");
            for (CaseEntry entry : failed) {
                String violated = entry.invariants().values().stream()
                        .filter(result -> result.verdict() == Verdict.VIOLATED).map(InvariantResult::invariantName)
                        .collect(Collectors.joining(", "));
                failures.row(entry.testClass() + "." + entry.testMethod(), entry.crashCase().displayName(),
                        violated.isEmpty() ? "-" : violated, "`" + entry.crashCase().replayKey() + "`",
                        firstLine(entry.failure()));
            }
            text.append("\nFailed cases (rerun one with -Ddeliverykit.replay='<replay key>'):\n\n").append(failures.render());
        }
        if (!location.isEmpty()) {
            text.append("\nReport: ").append(location).append('\n');
        }
        return text.toString();
    }

    private static String firstLine(String failure) {
        if (failure == null) {
            return "";
        }
        String line = failure.strip().replaceAll("\\s*\\n\\s*", " ");
        return line.length() <= FAILURE_SHOWN ? line : line.substring(0, FAILURE_SHOWN) + "…";
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
