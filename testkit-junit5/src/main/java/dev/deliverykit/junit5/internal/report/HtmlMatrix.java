package dev.deliverykit.junit5.internal.report;

import static dev.deliverykit.junit5.internal.report.Html.breakable;
import static dev.deliverykit.junit5.internal.report.Html.escape;
import static dev.deliverykit.junit5.internal.report.HtmlCauses.KEYS_IN_SUMMARY;

import dev.deliverykit.invariant.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A test's crash matrix in report.html: its heading and status, the modes' disagreements and sweep counts, then one
 * row per case, with columns for the outcome, each checked invariant, each observed value, and the crash site if any
 * case has one.
 */
final class HtmlMatrix {

    private final HtmlAnchors anchors;

    HtmlMatrix(HtmlAnchors anchors) {
        this.anchors = anchors;
    }

    void render(StringBuilder page, TestReport test, int testIndex) {
        Set<String> invariantColumns = new LinkedHashSet<>();
        Set<String> columns = new LinkedHashSet<>();
        boolean crashSites = false;
        for (CaseRow row : test.cases()) {
            invariantColumns.addAll(row.invariants().keySet());
            columns.addAll(row.observations().keySet());
            crashSites |= row.crashSite().isPresent();
        }
        page.append("<h2 id=\"")
                .append(anchors.test(testIndex))
                .append("\" class=\"name\">")
                .append(breakable(test.name()))
                .append(' ')
                .append(Html.status(test.totals()))
                .append("</h2>\n");
        List<String> disagreements = ReportText.modeDisagreements(test);
        if (!disagreements.isEmpty()) {
            page.append("<div class=\"disagree\"><p>The two modes disagree: the real exit is the reference, so the"
                    + " in-process run missed something the process did (please report it).</p><ul>");
            disagreements.forEach(
                    line -> page.append("<li>").append(escape(line)).append("</li>"));
            page.append("</ul></div>\n");
        }
        for (CaseRow row : test.cases()) {
            row.sweep()
                    .ifPresent(sweep -> page.append("<p class=\"sweep\">Sweep, ")
                            .append(escape(ReportText.modeName(row.mode())))
                            .append(": ")
                            .append(escape(sweep.sentence()))
                            .append(".</p>\n"));
            row.schedules()
                    .ifPresent(schedules -> page.append("<p class=\"sweep\">Sweep: ")
                            .append(escape(schedules.sentence()))
                            .append(".</p>\n"));
        }
        page.append("<div class=\"scroll\"><table class=\"matrix\"><tr class=\"head\"><th>#</th>"
                + "<th>case and replay option</th><th>outcome</th>");
        invariantColumns.forEach(
                column -> page.append("<th>").append(escape(column)).append("</th>"));
        columns.forEach(column -> page.append("<th>").append(escape(column)).append("</th>"));
        page.append(crashSites ? "<th>crash site</th>" : "").append("</tr>\n");
        int number = 0;
        for (CaseRow row : test.cases()) {
            row(page, row, anchors.row(testIndex, ++number), number, invariantColumns, columns, crashSites);
        }
        page.append("</table></div>\n");
    }

    private void row(
            StringBuilder page,
            CaseRow row,
            String id,
            int number,
            Set<String> invariantColumns,
            Set<String> columns,
            boolean crashSites) {
        String outcome = row.outcome().name();
        page.append("<tr id=\"")
                .append(id)
                .append("\" class=\"")
                .append(escape(outcome))
                .append("\"><td class=\"n\">")
                .append(number)
                .append("</td><td class=\"case\"><span class=\"name\">")
                .append(escape(row.displayName()))
                .append("</span><br>")
                .append(Html.caseDetails(row))
                .append("</td><td class=\"")
                .append(escape(outcome))
                .append("\" data-label=\"outcome\">")
                .append(escape(outcome));
        anchors.causeOf(id)
                .ifPresentOrElse(
                        cause -> page.append(" <a href=\"#cause-")
                                .append(cause)
                                .append("\">cause ")
                                .append(cause)
                                .append("</a>"),
                        () -> row.failure()
                                .ifPresent(failure -> page.append("<div class=\"verdict-lines\">")
                                        .append(escape(ReportText.firstLine(failure)))
                                        .append("</div>")));
        page.append("</td>");
        invariantColumns.forEach(
                column -> invariantCell(page, column, row.invariants().get(column)));
        columns.forEach(column -> page.append("<td data-label=\"")
                .append(escape(column))
                .append("\">")
                .append(
                        row.observations().containsKey(column)
                                ? escape(observed(row.observations().get(column)))
                                : "")
                .append("</td>"));
        if (crashSites) {
            page.append("<td class=\"wide\" data-label=\"crash site\">")
                    .append(row.crashSite()
                            .map(site -> Html.crashSites(row, site))
                            .orElse(""))
                    .append("</td>");
        }
        page.append("</tr>\n");
    }

    /** An observed value as its cell shows it: a text or a number as itself, {@code null} as {@code null}. */
    private static String observed(Object value) {
        return value instanceof Map<?, ?> || value instanceof List<?> ? "" : String.valueOf(value);
    }

    /** The verdict, and for a violated invariant its keys by kind ({@code lost intent: o-1}); the message on hover. */
    private static void invariantCell(StringBuilder page, String column, CaseRow.InvariantCell cell) {
        if (cell == null) {
            page.append("<td data-label=\"").append(escape(column)).append("\"></td>");
            return;
        }
        String verdict = cell.verdict().name();
        page.append("<td class=\"")
                .append(escape(verdict))
                .append("\" data-label=\"")
                .append(escape(column))
                .append("\" title=\"")
                .append(escape(cell.message()))
                .append("\">")
                .append(escape(verdict));
        if (cell.verdict() == Verdict.VIOLATED) {
            List<String> lines = new ArrayList<>();
            ReportCauses.keysByKind(ReportCauses.found(cell)).forEach((kind, keys) -> {
                List<String> shown = new ArrayList<>(keys).subList(0, Math.min(KEYS_IN_SUMMARY, keys.size()));
                lines.add((kind.isEmpty() ? "" : escape(kind) + ": ") + "<code>" + escape(String.join(", ", shown))
                        + "</code>" + (keys.size() > KEYS_IN_SUMMARY ? " +" + (keys.size() - KEYS_IN_SUMMARY) : ""));
            });
            page.append("<div class=\"verdict-lines\">")
                    .append(String.join("<br>", lines))
                    .append("</div>");
        }
        page.append("</td>");
    }
}
