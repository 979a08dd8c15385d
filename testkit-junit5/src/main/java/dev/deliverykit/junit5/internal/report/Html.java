package dev.deliverykit.junit5.internal.report;

import java.util.ArrayList;
import java.util.List;

/** The pieces of report.html that show one case wherever it appears, and the escaping every value goes through. */
final class Html {

    private Html() {}

    static String escape(String text) {
        return text.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("\"", "&quot;")
                .replace("'", "&#39;");
    }

    /** A test name that may break after its dots and dollars, never inside a word. */
    static String breakable(String name) {
        return escape(name).replace(".", ".<wbr>").replace("$", "$<wbr>");
    }

    /** {@code — 10 of 21 failed} in red, {@code — all 21 passed} in green, else what did not pass, in amber. */
    static String status(Totals totals) {
        long cases = totals.cases();
        long passed = totals.passed();
        long failed = totals.failed();
        long aborted = totals.aborted();
        long notFinished = totals.notFinished();
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

    /**
     * The replay option, a schedule's timeline, the points the case stands for, what happened after the death, the
     * attachments.
     */
    static String caseDetails(CaseRow row) {
        return replay(row) + HtmlTimeline.of(row) + equivalents(row) + afterDeath(row) + attachments(row);
    }

    private static String replay(CaseRow row) {
        return "<code class=\"replay\">" + escape(ReportText.replayOption(row.replayKey())) + "</code>";
    }

    /** What the dead process still tried after an in-process crash, folded: refused, and no verdict. */
    private static String afterDeath(CaseRow row) {
        return fold(row.afterDeath(), "afterDeath", "after the death: ", " line", " (refused, no verdict)");
    }

    /** The points of the sweep a case stands for, folded: they are equivalent to its own. */
    private static String equivalents(CaseRow row) {
        return fold(row.equivalents(), "equivalents", "stands for ", " equivalent point", "");
    }

    /** {@code <details class="css"><summary>lead N noun(s)tail</summary><ul><li>...</li></ul></details>}, or nothing. */
    private static String fold(List<String> lines, String css, String lead, String noun, String tail) {
        if (lines.isEmpty()) {
            return "";
        }
        StringBuilder items = new StringBuilder();
        lines.forEach(line -> items.append("<li>").append(escape(line)).append("</li>"));
        int count = lines.size();
        return "<details class=\"" + css + "\"><summary>" + lead + count + noun + (count == 1 ? "" : "s") + tail
                + "</summary><ul>" + items + "</ul></details>";
    }

    /** Links to the case's attachments, relative to the report, if it has any. */
    private static String attachments(CaseRow row) {
        List<String> links = new ArrayList<>();
        for (CaseRow.AttachmentLink attachment : row.attachments()) {
            String label = escape(attachment.label());
            links.add(attachment
                    .path()
                    .map(path -> "<a href=\"" + escape(path) + "\">" + label + "</a>")
                    .orElse(label));
        }
        return links.isEmpty() ? "" : "<div class=\"att\">attachments: " + String.join(", ", links) + "</div>";
    }

    /**
     * The row's crash site, {@code site}, and for a case that crashed its recovery too, the recovery's:
     * {@code Relay.publish:42, then in the recovery Relay.recover:60}.
     */
    static String crashSites(CaseRow row, String site) {
        return crashSite(site)
                + row.recovery()
                        .flatMap(CaseRow.Recovery::crashSite)
                        .map(recovery -> ", then in the recovery " + crashSite(recovery))
                        .orElse("");
    }

    /** {@code Relay.publish:42}, with the whole frame on hover. */
    private static String crashSite(String frame) {
        return "<code title=\"" + escape(frame) + "\">" + escape(ReportText.shortCrashSite(frame)) + "</code>";
    }
}
