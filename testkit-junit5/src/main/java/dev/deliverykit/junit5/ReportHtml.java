package dev.deliverykit.junit5;

import static dev.deliverykit.junit5.ReportText.failed;
import static dev.deliverykit.junit5.ReportText.testName;
import static dev.deliverykit.junit5.ReportText.text;

import dev.deliverykit.invariant.Verdict;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code report.html}, read top down: when and on what it ran; an overview (one row per test, failed counts in
 * red, each linking to its matrix); every failed case with its violated invariants, their violation lines and
 * the replay option; then per test a crash matrix (one row per case; columns for the outcome, each checked
 * invariant and each observed value, the crash site if any case has one, and the replay option).
 */
final class ReportHtml {

    /** Violation lines shown in a matrix cell; the cell's tooltip holds the whole message. */
    private static final int LINES_IN_CELL = 5;

    private static final String STYLE = "body{font-family:sans-serif;margin:2em}"
            + "table{border-collapse:collapse;margin-bottom:2em}"
            + "th,td{border:1px solid #999;padding:4px 8px;text-align:left;vertical-align:top}"
            + "td.PASSED,td.HOLDS{background:#c8e6c9}td.FAILED,td.VIOLATED{background:#ffcdd2}"
            + "td.ABORTED,td.NOT_FINISHED{background:#fff3c4}tr.FAILED td.value{background:#ffebee}"
            + "code{font-size:90%}td code{overflow-wrap:anywhere}pre{white-space:pre-wrap;margin:0}"
            + ".lines{font-size:80%;margin-top:2px;overflow-wrap:anywhere}.run{color:#555}"
            + "code[title]{white-space:nowrap}td.why{min-width:22em}td.replay{min-width:24em}.failures a{overflow-wrap:anywhere}.bad{color:#c62828}.good{color:#2e7d32}.warn{color:#8d6e00}";

    private final ReportJson.Node model;
    private final List<String> ids = new ArrayList<>();

    ReportHtml(ReportJson.Node model) {
        this.model = model;
        Set<String> used = new HashSet<>();
        model.path("tests").forEach(test -> {
            String base = testName(test).replaceAll("[^A-Za-z0-9_.-]", "-");
            String id = base;
            for (int n = 2; !used.add(id); n++) {
                id = base + "-" + n;
            }
            ids.add(id);
        });
    }

    String render() {
        StringBuilder page = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<title>DeliveryKit crash report</title>\n<style>" + STYLE + "</style></head><body>\n"
                + "<h1>DeliveryKit crash report</h1>\n");
        run(page);
        ReportJson.Node totals = model.path("totals");
        page.append("<p>").append(totals.path("cases").asLong()).append(" cases: ").append(totals.path("passed").asLong())
                .append(" passed, ").append(totals.path("failed").asLong()).append(" failed, ")
                .append(totals.path("aborted").asLong()).append(" aborted.</p>\n");
        overview(page);
        failedCases(page);
        int index = 0;
        for (ReportJson.Node test : model.path("tests")) {
            matrix(page, test, ids.get(index++));
        }
        return page.append("</body></html>\n").toString();
    }

    /** When the last JVM wrote its part, on which JDK and with which kit version. */
    private void run(StringBuilder page) {
        ReportJson.Node parts = model.path("parts");
        if (parts.isEmpty()) {
            return;
        }
        ReportJson.Node last = parts.get(parts.size() - 1);
        page.append("<p class=\"run\">Run ").append(escape(seconds(last.path("written").asText()))).append(", JDK ")
                .append(escape(last.path("jdk").asText("unknown"))).append(", DeliveryKit ")
                .append(escape(last.path("kit").asText("unknown")));
        if (parts.size() > 1) {
            page.append(" (merged from ").append(parts.size()).append(" JVM runs)");
        }
        page.append("</p>\n");
    }

    /** An instant without its fraction of a second; anything else as it is. */
    private static String seconds(String instant) {
        try {
            return Instant.parse(instant).truncatedTo(ChronoUnit.SECONDS).toString();
        } catch (DateTimeParseException e) {
            return instant;
        }
    }

    private void overview(StringBuilder page) {
        page.append("<table class=\"overview\"><tr><th>test</th><th>cases</th><th>passed</th><th>failed</th>"
                + "<th>aborted</th></tr>\n");
        int index = 0;
        for (ReportJson.Node test : model.path("tests")) {
            ReportJson.Node totals = test.path("totals");
            long failed = totals.path("failed").asLong();
            long aborted = totals.path("aborted").asLong();
            page.append("<tr><td><a href=\"#").append(ids.get(index++)).append("\">").append(escape(testName(test)))
                    .append("</a></td><td>").append(totals.path("cases").asLong()).append("</td><td>")
                    .append(totals.path("passed").asLong()).append("</td><td").append(failed > 0 ? " class=\"FAILED\"" : "")
                    .append(">").append(failed).append("</td><td").append(aborted > 0 ? " class=\"ABORTED\"" : "")
                    .append(">").append(aborted).append("</td></tr>\n");
        }
        page.append("</table>\n");
    }

    /**
     * Every failed case: its test (named once for all its failed cases), its name, what it violated (or its
     * failure's first line) and its replay option.
     */
    private void failedCases(StringBuilder page) {
        StringBuilder rows = new StringBuilder();
        int index = 0;
        int count = 0;
        for (ReportJson.Node test : model.path("tests")) {
            String id = ids.get(index++);
            List<ReportJson.Node> failedRows = new ArrayList<>();
            test.path("cases").forEach(row -> {
                if (failed(row)) {
                    failedRows.add(row);
                }
            });
            for (ReportJson.Node row : failedRows) {
                rows.append("<tr>");
                if (row == failedRows.get(0)) {
                    rows.append("<td").append(failedRows.size() > 1 ? " rowspan=\"" + failedRows.size() + "\"" : "")
                            .append("><a href=\"#").append(id).append("\">").append(escape(testName(test)))
                            .append("</a></td>");
                }
                rows.append("<td>").append(escape(row.path("displayName").asText())).append("</td><td class=\"why\">");
                Map<String, List<String>> violated = ReportText.violated(row);
                if (violated.isEmpty()) {
                    rows.append(lines(List.of(ReportText.firstLine(text(row, "failure").orElse("")))));
                }
                violated.forEach((name, lines) -> rows.append("<b>").append(escape(name)).append("</b>").append(lines(lines)));
                rows.append("</td><td class=\"replay\"><code>").append(escape(ReportText.replayOption(row.path("replayKey").asText())))
                        .append("</code></td></tr>\n");
            }
            count += failedRows.size();
        }
        if (count > 0) {
            page.append("<h2 id=\"failed-cases\" class=\"bad\">Failed cases (").append(count).append(")</h2>\n")
                    .append("<table class=\"failures\"><tr><th>test</th><th>case</th><th>violated invariants</th>"
                            + "<th>replay</th></tr>\n")
                    .append(rows).append("</table>\n");
        }
    }

    private void matrix(StringBuilder page, ReportJson.Node test, String id) {
        Set<String> invariantColumns = new LinkedHashSet<>();
        Set<String> columns = new LinkedHashSet<>();
        boolean crashSites = false;
        for (ReportJson.Node row : test.path("cases")) {
            invariantColumns.addAll(row.path("invariants").fields().keySet());
            columns.addAll(row.path("observations").fields().keySet());
            crashSites |= text(row, "crashSite").isPresent();
        }
        page.append("<h2 id=\"").append(id).append("\">").append(escape(testName(test))).append(' ')
                .append(status(test.path("totals"))).append("</h2>\n<table><tr><th>#</th><th>case</th><th>outcome</th>");
        invariantColumns.forEach(column -> page.append("<th>").append(escape(column)).append("</th>"));
        columns.forEach(column -> page.append("<th>").append(escape(column)).append("</th>"));
        page.append(crashSites ? "<th>crash site</th>" : "").append("<th>replay</th></tr>\n");
        int index = 1;
        for (ReportJson.Node row : test.path("cases")) {
            String outcome = row.path("outcome").asText();
            page.append("<tr class=\"").append(outcome).append("\"><td>").append(index++).append("</td><td>")
                    .append(escape(row.path("displayName").asText())).append("</td><td class=\"").append(outcome)
                    .append("\">").append(outcome);
            text(row, "failure").ifPresent(failure -> outcomeDetails(page, failure));
            page.append("</td>");
            invariantColumns.forEach(column -> invariantCell(page, row.path("invariants").path(column)));
            columns.forEach(column -> {
                ReportJson.Node value = row.path("observations").path(column);
                page.append("<td class=\"value\">").append(value.isMissing() ? "" : escape(value.asText()))
                        .append("</td>");
            });
            if (crashSites) {
                String site = text(row, "crashSite").orElse("");
                page.append("<td><code title=\"").append(escape(site)).append("\">")
                        .append(escape(ReportText.shortCrashSite(site))).append("</code></td>");
            }
            page.append("<td class=\"replay\"><code>").append(escape(ReportText.replayOption(row.path("replayKey").asText())))
                    .append("</code></td></tr>\n");
        }
        page.append("</table>\n");
    }

    /** {@code — 10 of 21 failed} in red, {@code — all 21 passed} in green, else what did not pass, in amber. */
    static String status(ReportJson.Node totals) {
        long cases = totals.path("cases").asLong();
        long passed = totals.path("passed").asLong();
        long failed = totals.path("failed").asLong();
        long aborted = totals.path("aborted").asLong();
        long notFinished = totals.path("not_finished").asLong();
        String others = (aborted > 0 ? ", " + aborted + " aborted" : "")
                + (notFinished > 0 ? ", " + notFinished + " not finished" : "");
        if (failed > 0) {
            return "<span class=\"bad\">— " + failed + " of " + cases + " failed" + others + "</span>";
        }
        if (passed == cases) {
            return "<span class=\"good\">— all " + cases + " passed</span>";
        }
        return "<span class=\"warn\">— " + passed + " of " + cases + " passed" + others + "</span>";
    }

    /** The failure's first line, always shown; the rest of it folded away. */
    private static void outcomeDetails(StringBuilder page, String failure) {
        String first = ReportText.firstLine(failure);
        page.append(lines(List.of(first)));
        String rest = failure.strip().substring(failure.strip().indexOf(first) + first.length()).strip();
        if (!rest.isEmpty()) {
            page.append("<details><summary>more</summary><pre class=\"lines\">").append(escape(rest))
                    .append("</pre></details>");
        }
    }

    private static void invariantCell(StringBuilder page, ReportJson.Node cell) {
        if (cell.isMissing()) {
            page.append("<td></td>");
            return;
        }
        String verdict = cell.path("verdict").asText();
        String message = cell.path("message").asText();
        page.append("<td class=\"").append(verdict).append("\" title=\"").append(escape(message)).append("\">")
                .append(verdict);
        if (verdict.equals(Verdict.VIOLATED.name())) {
            List<String> lines = ReportText.violationLines(message);
            List<String> shown = new ArrayList<>(lines.subList(0, Math.min(LINES_IN_CELL, lines.size())));
            if (lines.size() > LINES_IN_CELL) {
                shown.add("… " + (lines.size() - LINES_IN_CELL) + " more lines (hover)");
            }
            page.append(lines(shown));
        }
        page.append("</td>");
    }

    private static String lines(List<String> lines) {
        StringBuilder html = new StringBuilder("<div class=\"lines\">");
        for (int i = 0; i < lines.size(); i++) {
            html.append(i == 0 ? "" : "<br>").append(escape(lines.get(i)));
        }
        return html.append("</div>").toString();
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
