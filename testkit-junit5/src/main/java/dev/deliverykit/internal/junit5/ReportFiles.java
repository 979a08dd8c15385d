package dev.deliverykit.internal.junit5;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.deliverykit.internal.markdown.MarkdownTable;
import dev.deliverykit.invariant.Verdict;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Renders a report model ({@link ReportModel}) in three forms: {@code report.json} (format
 * {@value ReportModel#FORMAT}) for machines, {@code report.html} (a crash matrix per test: one row per case;
 * columns for the outcome, for each checked invariant and for each observed value; red and green cells; replay
 * keys) for people, and a Markdown summary for the CI log.
 */
final class ReportFiles {

    private static final int FAILURE_SHOWN = 160;
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final JsonNode model;

    ReportFiles(JsonNode model) {
        this.model = model;
    }

    /**
     * Writes {@code report.json}, {@code report.html} and {@code report.md} (the summary, for a CI job's
     * summary page) into {@code directory}, each replaced whole, and returns the HTML file.
     */
    Path write(Path directory) throws IOException {
        ReportDirectory.replace(directory.resolve("report.json"), JSON.writeValueAsString(model) + "\n");
        Path html = directory.resolve("report.html");
        ReportDirectory.replace(html, html());
        ReportDirectory.replace(directory.resolve("report.md"), markdownSummary(""));
        return html.toAbsolutePath();
    }

    /** The model as indented JSON. */
    static String json(JsonNode model) throws IOException {
        return JSON.writeValueAsString(model) + "\n";
    }

    String html() {
        StringBuilder page = new StringBuilder();
        page.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>DeliveryKit crash report"
                + "</title>\n<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;margin-bottom:2em}"
                + "th,td{border:1px solid #999;padding:4px 8px;text-align:left;vertical-align:top}"
                + "td.PASSED,td.HOLDS{background:#c8e6c9}td.FAILED,td.VIOLATED{background:#ffcdd2}td.ABORTED,td.NOT_FINISHED{background:#fff3c4}"
                + "tr.FAILED td.value{background:#ffebee}code{font-size:90%}pre{white-space:pre-wrap;margin:0}"
                + "</style></head><body>\n");
        JsonNode totals = model.path("totals");
        page.append("<h1>DeliveryKit crash report</h1>\n<p>").append(totals.path("cases").asLong()).append(" cases: ")
                .append(totals.path("passed").asLong()).append(" passed, ").append(totals.path("failed").asLong())
                .append(" failed, ").append(totals.path("aborted").asLong()).append(" aborted.</p>\n");
        model.path("tests").forEach(test -> {
            Set<String> invariantColumns = new LinkedHashSet<>();
            Set<String> columns = new LinkedHashSet<>();
            test.path("cases").forEach(row -> {
                row.path("invariants").fieldNames().forEachRemaining(invariantColumns::add);
                row.path("observations").fieldNames().forEachRemaining(columns::add);
            });
            page.append("<h2>").append(escape(name(test))).append("</h2>\n<table><tr><th>#</th><th>case</th><th>outcome</th>");
            invariantColumns.forEach(column -> page.append("<th>").append(escape(column)).append("</th>"));
            columns.forEach(column -> page.append("<th>").append(escape(column)).append("</th>"));
            page.append("<th>crash site</th><th>replay key</th></tr>\n");
            int index = 1;
            for (JsonNode row : test.path("cases")) {
                String outcome = row.path("outcome").asText();
                page.append("<tr class=\"").append(outcome).append("\"><td>").append(index++).append("</td><td>")
                        .append(escape(row.path("displayName").asText())).append("</td><td class=\"").append(outcome)
                        .append("\">").append(outcome);
                text(row, "failure").ifPresent(failure -> page.append("<details><summary>why</summary><pre>")
                        .append(escape(failure)).append("</pre></details>"));
                page.append("</td>");
                invariantColumns.forEach(column -> {
                    JsonNode cell = row.path("invariants").path(column);
                    if (cell.isMissingNode()) {
                        page.append("<td></td>");
                    } else {
                        String verdict = cell.path("verdict").asText();
                        page.append("<td class=\"").append(verdict).append("\" title=\"")
                                .append(escape(cell.path("message").asText())).append("\">").append(verdict).append("</td>");
                    }
                });
                columns.forEach(column -> {
                    JsonNode value = row.path("observations").path(column);
                    page.append("<td class=\"value\">").append(value.isMissingNode() ? "" : escape(value.asText()))
                            .append("</td>");
                });
                page.append("<td><code>").append(escape(text(row, "crashSite").orElse("")))
                        .append("</code></td><td><code>").append(escape(row.path("replayKey").asText()))
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
        MarkdownTable failures = new MarkdownTable("test", "case", "violated invariants", "replay key", "failure");
        boolean anyFailed = false;
        for (JsonNode test : model.path("tests")) {
            JsonNode totals = test.path("totals");
            tests.row(name(test), totals.path("cases").asLong(), totals.path("passed").asLong(),
                    totals.path("failed").asLong(), totals.path("aborted").asLong());
            for (JsonNode row : test.path("cases")) {
                if (!row.path("outcome").asText().equals(CaseOutcome.FAILED.name())) {
                    continue;
                }
                anyFailed = true;
                List<String> violated = new ArrayList<>();
                row.path("invariants").fields().forEachRemaining(cell -> {
                    if (cell.getValue().path("verdict").asText().equals(Verdict.VIOLATED.name())) {
                        violated.add(cell.getKey());
                    }
                });
                failures.row(name(test), row.path("displayName").asText(),
                        violated.isEmpty() ? "-" : String.join(", ", violated),
                        "`" + row.path("replayKey").asText() + "`", firstLine(text(row, "failure").orElse("")));
            }
        }
        text.append(tests.render());
        if (anyFailed) {
            text.append("\nFailed cases (rerun one with -Ddeliverykit.replay='<replay key>'):\n\n").append(failures.render());
        }
        if (!location.isEmpty()) {
            text.append("\nReport: ").append(location).append('\n');
        }
        return text.toString();
    }

    private static String name(JsonNode test) {
        return test.path("class").asText() + "." + test.path("method").asText();
    }

    private static Optional<String> text(JsonNode row, String field) {
        JsonNode value = row.path(field);
        return value.isTextual() ? Optional.of(value.asText()) : Optional.empty();
    }

    private static String firstLine(String failure) {
        String line = failure.strip().replaceAll("\\s*\\n\\s*", " ");
        return line.length() <= FAILURE_SHOWN ? line : line.substring(0, FAILURE_SHOWN) + "…";
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
