package dev.deliverykit.junit5.internal.report;

import static dev.deliverykit.junit5.internal.report.Html.breakable;
import static dev.deliverykit.junit5.internal.report.Html.escape;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The failures section of report.html: one foldable group per cause ({@link ReportCauses}), with its violated
 * invariants, the keys, what was found and expected, and its cases with their crash sites, replay options and
 * attachments.
 */
final class HtmlCauses {

    /** Groups are shown open when there are at most this many; more are folded, their summaries a list. */
    private static final int OPEN_CAUSES = 3;

    /** Keys named in a group's summary line; the group's table lists all of them. */
    static final int KEYS_IN_SUMMARY = 3;

    private final List<ReportCauses.Cause> causes;
    private final HtmlAnchors anchors;

    HtmlCauses(List<ReportCauses.Cause> causes, HtmlAnchors anchors) {
        this.causes = causes;
        this.anchors = anchors;
    }

    /** The failures, one foldable group per cause, each failed case listed once under its cause. */
    void render(StringBuilder page) {
        if (causes.isEmpty()) {
            return;
        }
        int failedCases =
                causes.stream().mapToInt(cause -> cause.cases().size()).sum();
        page.append("<h2 id=\"failures\" class=\"bad\">Failures: ")
                .append(failedCases)
                .append(failedCases == 1 ? " case" : " cases")
                .append(causes.size() == 1 ? ", one cause" : ", " + causes.size() + " causes")
                .append("</h2>\n");
        boolean open = causes.size() <= OPEN_CAUSES;
        for (int index = 0; index < causes.size(); index++) {
            cause(page, causes.get(index), index + 1, open);
        }
    }

    private void cause(StringBuilder page, ReportCauses.Cause cause, int number, boolean open) {
        int count = cause.cases().size();
        page.append("<details class=\"cause\" id=\"cause-")
                .append(number)
                .append("\"")
                .append(open ? " open" : "")
                .append("><summary><span class=\"count\">")
                .append(count)
                .append(count == 1 ? " case" : " cases")
                .append("</span>")
                .append(summary(cause))
                .append(" <span class=\"test\">in ")
                .append(breakable(cause.test().name()))
                .append("</span></summary>\n");
        cause.violations().keySet().forEach(name -> found(page, cause, name));
        if (cause.violations().isEmpty()) {
            page.append("<p>").append(escape(cause.failure())).append("</p>\n");
        }
        page.append(sites(cause)).append("<ol class=\"cases\">\n");
        for (ReportCauses.Numbered numbered : cause.cases()) {
            CaseRow row = numbered.row();
            page.append("<li><a class=\"name\" href=\"#")
                    .append(anchors.row(cause.testIndex(), numbered.number()))
                    .append("\">")
                    .append(escape(row.displayName()))
                    .append("</a>");
            row.crashSite()
                    .ifPresent(site -> page.append("<br><span class=\"site\">crash site ")
                            .append(Html.crashSites(row, site))
                            .append("</span>"));
            page.append("<br>")
                    .append(Html.caseDetails(row))
                    .append(row.failure()
                            .map(failure -> "<details><summary>failure message</summary><pre>" + escape(failure.strip())
                                    + "</pre></details>")
                            .orElse(""))
                    .append("</li>\n");
        }
        page.append("</ol></details>\n");
    }

    /** {@code lost intent o-1:placed (exactly once per message) · lost intent o-1 (no order lost ...)}. */
    private static String summary(ReportCauses.Cause cause) {
        if (cause.violations().isEmpty()) {
            return escape(cause.failure());
        }
        List<String> parts = new ArrayList<>();
        cause.violations().forEach((name, found) -> {
            ReportCauses.keysByKind(found).forEach((kind, keys) -> {
                List<String> shown = new ArrayList<>(keys).subList(0, Math.min(KEYS_IN_SUMMARY, keys.size()));
                String more = keys.size() > KEYS_IN_SUMMARY ? " and " + (keys.size() - KEYS_IN_SUMMARY) + " more" : "";
                parts.add((kind.isEmpty() ? "" : escape(kind) + " ") + "<code>"
                        + escape(String.join(", ", shown)) + "</code>" + more + " <span class=\"test\">("
                        + escape(name) + ")</span>");
            });
        });
        return String.join(" · ", parts);
    }

    /**
     * The violated invariant {@code name}: its field, then what the durable state showed, per key: every distinct
     * violation of the cause's cases, with the number of cases that showed it when not all of them did.
     */
    private static void found(StringBuilder page, ReportCauses.Cause cause, String name) {
        Map<ReportCauses.Found, Integer> seen = new LinkedHashMap<>();
        String field = "";
        for (ReportCauses.Numbered numbered : cause.cases()) {
            ReportCauses.violations(numbered.row())
                    .getOrDefault(name, List.of())
                    .forEach(violation -> seen.merge(violation, 1, Integer::sum));
            field = Optional.ofNullable(numbered.row().invariants().get(name))
                    .flatMap(CaseRow.InvariantCell::field)
                    .orElse(field);
        }
        int all = cause.cases().size();
        boolean counted = seen.values().stream().anyMatch(cases -> cases < all);
        page.append("<div class=\"invariant\"><b>")
                .append(escape(name))
                .append("</b> violated")
                .append(field.isEmpty() ? "" : " <span class=\"field\">(" + escape(field) + ")</span>")
                .append("</div>\n<div class=\"scroll\"><table class=\"found\"><tr><th>key</th><th>violation</th>"
                        + "<th>found</th><th>expected</th>")
                .append(counted ? "<th>cases</th>" : "")
                .append("</tr>\n");
        seen.forEach((violation, cases) -> {
            page.append("<tr><td><code>")
                    .append(escape(violation.key()))
                    .append("</code></td><td>")
                    .append(escape(violation.kind()))
                    .append("</td><td>")
                    .append(escape(violation.found()))
                    .append("</td><td>")
                    .append(escape(violation.expected()))
                    .append("</td>");
            if (counted) {
                page.append("<td class=\"n\">")
                        .append(cases)
                        .append(" of ")
                        .append(all)
                        .append("</td>");
            }
            page.append("</tr>\n");
        });
        page.append("</table></div>\n");
    }

    /** {@code Crash sites: Database.inTransaction:90 (2 cases), ShippingConsumer.apply:104}, if any case has one. */
    private static String sites(ReportCauses.Cause cause) {
        Map<String, Integer> sites = new LinkedHashMap<>();
        cause.cases()
                .forEach(numbered -> numbered.row()
                        .crashSite()
                        .ifPresent(site -> sites.merge(ReportText.shortCrashSite(site), 1, Integer::sum)));
        if (sites.isEmpty()) {
            return "";
        }
        List<String> listed = new ArrayList<>();
        sites.forEach(
                (site, cases) -> listed.add("<code>" + escape(site) + "</code>" + (cases > 1 ? " ×" + cases : "")));
        return "<p class=\"site\">Crash sites: " + String.join(", ", listed) + "</p>\n";
    }
}
