package dev.deliverykit.junit5.internal.report;

import static dev.deliverykit.junit5.internal.report.ReportText.testName;
import static dev.deliverykit.junit5.internal.report.ReportText.text;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.invariant.Verdict;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * {@code report.html}, read top down: when and on what it ran; an overview (one row per test, failed counts in
 * red, each linking to its matrix); the failures grouped by cause ({@link ReportCauses}), each group foldable,
 * with its violated invariants, the keys, what was found and expected, and its cases with their crash sites,
 * replay options and attachments; then per test a crash matrix (one row per case; columns for the outcome, each
 * checked invariant, each observed value, the crash site if any case has one). Every value is escaped. The page
 * is responsive: on a narrow screen each matrix row becomes a card, and wide tables scroll sideways.
 */
@API(status = INTERNAL, since = "0.1")
public final class ReportHtml {

    /** Groups are shown open when there are at most this many; more are folded, their summaries a list. */
    private static final int OPEN_CAUSES = 3;

    /** Keys named in a group's summary line; the group's table lists all of them. */
    private static final int KEYS_IN_SUMMARY = 3;

    private static final String STYLE = "*{box-sizing:border-box}"
            + "body{font:15px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif;color:#1b1b1b;"
            + "margin:0 auto;padding:12px 16px 48px;max-width:1500px}"
            + "h1{font-size:1.45rem;margin:.4em 0}h2{font-size:1.15rem;margin:1.8em 0 .6em}"
            + "a{color:#0b57d0}.run{color:#555;margin:.2em 0}.totals{font-size:1.05rem;margin:.4em 0 1em}"
            + "code{font:13px/1.4 ui-monospace,'DejaVu Sans Mono',Menlo,Consolas,monospace}"
            + ".scroll{overflow-x:auto;-webkit-overflow-scrolling:touch;margin-bottom:1.2em}"
            + "table{border-collapse:collapse}th,td{border:1px solid #d0d0d0;padding:5px 8px;text-align:left;"
            + "vertical-align:top}th{background:#f2f2f2;font-weight:600}"
            + "td.n{text-align:right;font-variant-numeric:tabular-nums}"
            + ".name{overflow-wrap:normal;word-break:normal;hyphens:none}"
            + "code.replay{display:inline-block;overflow-wrap:anywhere;background:#f4f4f4;border-radius:3px;"
            + "padding:1px 4px;margin-top:2px;user-select:all}"
            + ".PASSED,.HOLDS{background:#e3f4e6}.FAILED,.VIOLATED{background:#fde4e4}"
            + ".ABORTED,.NOT_FINISHED{background:#fff4cc}td.FAILED,td.ABORTED,td.PASSED,td.NOT_FINISHED,td.HOLDS,"
            + "td.VIOLATED{font-weight:600}.verdict-lines{font-weight:400;font-size:13px}"
            + ".bad{color:#b71c1c}.good{color:#1b5e20}.warn{color:#7a5d00}"
            + ".disagree{border-left:4px solid #7a5d00;background:#fff8e1;padding:.3em .8em;margin:.5em 0}"
            + ".sweep{color:#444;margin:.3em 0}.equivalents summary,.afterDeath summary{color:#555;cursor:pointer}.equivalents ul,.afterDeath ul{margin:.2em 0 .2em 1.2em;padding:0}"
            + "details.cause{border:1px solid #e8b9b9;border-left:6px solid #c62828;border-radius:4px;"
            + "background:#fffafa;margin:0 0 14px;padding:8px 12px}"
            + "details.cause>summary{cursor:pointer;font-weight:600;line-height:1.5}"
            + ".count{display:inline-block;background:#c62828;color:#fff;border-radius:10px;padding:0 8px;"
            + "margin-right:6px;font-size:13px}.test{color:#555;font-weight:400}"
            + ".invariant{margin:10px 0 4px}.field{color:#555;font-size:13px}"
            + "table.found td,table.found th{font-size:14px}table.found code{white-space:nowrap}"
            + "ol.cases{padding-left:1.6em;margin:8px 0}ol.cases li{margin:0 0 8px}"
            + ".site{color:#333;font-size:14px}pre{white-space:pre-wrap;overflow-wrap:anywhere;margin:4px 0;"
            + "font:12px/1.4 ui-monospace,'DejaVu Sans Mono',Menlo,Consolas,monospace;background:#f7f7f7;"
            + "padding:6px;border-radius:3px}"
            + "table.matrix{min-width:100%}table.matrix td.case{min-width:16em;max-width:42em}"
            + "table.matrix th{white-space:normal;min-width:6em}table.matrix th:first-child{min-width:0}.att{font-size:13px}"
            + "@media (max-width:760px){body{padding:8px 10px 32px}th,td{padding:4px 6px}"
            + "table.overview,table.overview tbody,table.overview tr{display:block}table.overview tr.head{display:none}"
            + "table.overview tr{border:1px solid #cfcfcf;border-radius:4px;margin:0 0 8px;padding:4px 6px}"
            + "table.overview td{display:inline-block;border:0;padding:2px 10px 2px 0}"
            + "table.overview td.name{display:block}"
            + "table.overview td[data-label]::before{content:attr(data-label) ' ';color:#555;font-weight:400}"
            + "h2{font-size:1rem}table.matrix,table.matrix tbody{display:block}table.matrix tr.head{display:none}"
            + "table.matrix tr{display:flex;flex-wrap:wrap;border:1px solid #cfcfcf;border-radius:4px;"
            + "margin:0 0 10px;overflow:hidden}"
            + "table.matrix td{display:block;flex:1 1 45%;min-width:0;max-width:none;border:0;"
            + "border-top:1px solid #e6e6e6}"
            + "table.matrix td.n{flex:0 0 auto;border-top:0}table.matrix td.case{flex:1 1 80%;border-top:0}"
            + "table.matrix td.wide{flex-basis:100%}table.matrix td[data-label]:empty{display:none}"
            + "table.matrix td[data-label]::before{content:attr(data-label);display:block;font-size:12px;"
            + "font-weight:400;color:#555}}";

    private final ReportJson.Node model;
    private final List<String> ids = new ArrayList<>();
    /** Each failed row's cause, by the row's matrix id, for the link from the matrix to its group. */
    private final Map<String, Integer> causeOfRow = new LinkedHashMap<>();

    private final List<ReportCauses.Cause> causes;

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
        causes = ReportCauses.of(model);
        for (int cause = 0; cause < causes.size(); cause++) {
            for (ReportCauses.Numbered numbered : causes.get(cause).cases()) {
                causeOfRow.put(rowId(causes.get(cause).testIndex(), numbered.number()), cause + 1);
            }
        }
    }

    String render() {
        StringBuilder page = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
                + "<title>DeliveryKit crash report</title>\n<style>" + STYLE + "</style></head><body>\n"
                + "<h1>DeliveryKit crash report</h1>\n");
        run(page);
        ReportJson.Node totals = model.path("totals");
        page.append("<p class=\"totals\">")
                .append(totals.path("cases").asLong())
                .append(" cases: ")
                .append(totals.path("passed").asLong())
                .append(" passed, ")
                .append(totals.path("failed").asLong())
                .append(" failed, ")
                .append(totals.path("aborted").asLong())
                .append(" aborted.</p>\n");
        overview(page);
        ReportGuarantees.html(page, model);
        causes(page);
        int index = 0;
        for (ReportJson.Node test : model.path("tests")) {
            matrix(page, test, index++);
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
        page.append("<p class=\"run\">Run ")
                .append(escape(seconds(last.path("written").asText())))
                .append(", JDK ")
                .append(escape(last.path("jdk").asText("unknown")))
                .append(", DeliveryKit ")
                .append(escape(last.path("kit").asText("unknown")));
        long shards = model.path(ReportText.MERGED_SHARDS).asLong();
        if (shards > 0) {
            page.append(" (merged from ")
                    .append(shards)
                    .append(" shards, ")
                    .append(parts.size())
                    .append(" JVMs)");
        } else if (parts.size() > 1) {
            page.append(" (merged from ").append(parts.size()).append(" JVMs of this run)");
        }
        page.append("</p>\n");
        ReportText.shardLine(model)
                .ifPresent(line -> page.append("<p class=\"run shard\">")
                        .append(escape(line))
                        .append("</p>\n"));
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
        page.append("<div class=\"scroll\"><table class=\"overview\"><tr class=\"head\"><th>test</th><th>cases</th>"
                + "<th>passed</th><th>failed</th><th>aborted</th></tr>\n");
        int index = 0;
        for (ReportJson.Node test : model.path("tests")) {
            ReportJson.Node totals = test.path("totals");
            long failed = totals.path("failed").asLong();
            long aborted = totals.path("aborted").asLong();
            page.append("<tr><td class=\"name\"><a href=\"#")
                    .append(ids.get(index++))
                    .append("\">")
                    .append(breakable(testName(test)))
                    .append("</a></td><td class=\"n\" data-label=\"cases\">")
                    .append(totals.path("cases").asLong())
                    .append("</td><td class=\"n\" data-label=\"passed\">")
                    .append(totals.path("passed").asLong())
                    .append("</td><td class=\"n")
                    .append(failed > 0 ? " FAILED" : "")
                    .append("\" data-label=\"failed\">")
                    .append(failed)
                    .append("</td><td class=\"n")
                    .append(aborted > 0 ? " ABORTED" : "")
                    .append("\" data-label=\"aborted\">")
                    .append(aborted)
                    .append("</td></tr>\n");
        }
        page.append("</table></div>\n");
    }

    /** The failures, one foldable group per cause, each failed case listed once under its cause. */
    private void causes(StringBuilder page) {
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
                .append(breakable(testName(cause.test())))
                .append("</span></summary>\n");
        cause.violations().keySet().forEach(name -> found(page, cause, name));
        if (cause.violations().isEmpty()) {
            page.append("<p>").append(escape(cause.failure())).append("</p>\n");
        }
        page.append(sites(cause)).append("<ol class=\"cases\">\n");
        for (ReportCauses.Numbered numbered : cause.cases()) {
            ReportJson.Node row = numbered.row();
            page.append("<li><a class=\"name\" href=\"#")
                    .append(rowId(cause.testIndex(), numbered.number()))
                    .append("\">")
                    .append(escape(row.path("displayName").asText()))
                    .append("</a>");
            text(row, "crashSite")
                    .ifPresent(site -> page.append("<br><span class=\"site\">crash site ")
                            .append(crashSites(row, site))
                            .append("</span>"));
            page.append("<br>")
                    .append(replay(row))
                    .append(equivalents(row))
                    .append(afterDeath(row))
                    .append(attachments(row))
                    .append(text(row, "failure")
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
            Map<String, Set<String>> keysByKind = new LinkedHashMap<>();
            found.forEach(violation -> keysByKind
                    .computeIfAbsent(violation.kind(), kind -> new LinkedHashSet<>())
                    .add(violation.key()));
            keysByKind.forEach((kind, keys) -> {
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
            field = numbered.row().path("invariants").path(name).path("field").asText(field);
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
                .forEach(numbered -> text(numbered.row(), "crashSite")
                        .ifPresent(site -> sites.merge(ReportText.shortCrashSite(site), 1, Integer::sum)));
        if (sites.isEmpty()) {
            return "";
        }
        List<String> listed = new ArrayList<>();
        sites.forEach(
                (site, cases) -> listed.add("<code>" + escape(site) + "</code>" + (cases > 1 ? " ×" + cases : "")));
        return "<p class=\"site\">Crash sites: " + String.join(", ", listed) + "</p>\n";
    }

    private void matrix(StringBuilder page, ReportJson.Node test, int testIndex) {
        Set<String> invariantColumns = new LinkedHashSet<>();
        Set<String> columns = new LinkedHashSet<>();
        boolean crashSites = false;
        for (ReportJson.Node row : test.path("cases")) {
            invariantColumns.addAll(row.path("invariants").fields().keySet());
            columns.addAll(row.path("observations").fields().keySet());
            crashSites |= text(row, "crashSite").isPresent();
        }
        page.append("<h2 id=\"")
                .append(ids.get(testIndex))
                .append("\" class=\"name\">")
                .append(breakable(testName(test)))
                .append(' ')
                .append(status(test.path("totals")))
                .append("</h2>\n");
        List<String> disagreements = ReportText.modeDisagreements(test);
        if (!disagreements.isEmpty()) {
            page.append("<div class=\"disagree\"><p>The two modes disagree: the real exit is the reference, so the"
                    + " in-process run missed something the process did (please report it).</p><ul>");
            disagreements.forEach(
                    line -> page.append("<li>").append(escape(line)).append("</li>"));
            page.append("</ul></div>\n");
        }
        for (ReportJson.Node row : test.path("cases")) {
            ReportJson.Node sweep = row.path("sweep");
            if (!sweep.isMissing()) {
                page.append("<p class=\"sweep\">Sweep, ")
                        .append(escape(ReportText.modeName(row.path("mode").asText())))
                        .append(": ")
                        .append(escape(ReportText.sweepSentence(sweep)))
                        .append(".</p>\n");
            }
        }
        page.append("<div class=\"scroll\"><table class=\"matrix\"><tr class=\"head\"><th>#</th>"
                + "<th>case and replay option</th><th>outcome</th>");
        invariantColumns.forEach(
                column -> page.append("<th>").append(escape(column)).append("</th>"));
        columns.forEach(column -> page.append("<th>").append(escape(column)).append("</th>"));
        page.append(crashSites ? "<th>crash site</th>" : "").append("</tr>\n");
        int number = 0;
        for (ReportJson.Node row : test.path("cases")) {
            number++;
            String outcome = row.path("outcome").asText();
            String id = rowId(testIndex, number);
            page.append("<tr id=\"")
                    .append(id)
                    .append("\" class=\"")
                    .append(escape(outcome))
                    .append("\"><td class=\"n\">")
                    .append(number)
                    .append("</td><td class=\"case\"><span class=\"name\">")
                    .append(escape(row.path("displayName").asText()))
                    .append("</span><br>")
                    .append(replay(row))
                    .append(equivalents(row))
                    .append(afterDeath(row))
                    .append(attachments(row))
                    .append("</td><td class=\"")
                    .append(escape(outcome))
                    .append("\" data-label=\"outcome\">")
                    .append(escape(outcome));
            Integer cause = causeOfRow.get(id);
            if (cause != null) {
                page.append(" <a href=\"#cause-")
                        .append(cause)
                        .append("\">cause ")
                        .append(cause)
                        .append("</a>");
            } else {
                text(row, "failure")
                        .ifPresent(failure -> page.append("<div class=\"verdict-lines\">")
                                .append(escape(ReportText.firstLine(failure)))
                                .append("</div>"));
            }
            page.append("</td>");
            invariantColumns.forEach(
                    column -> invariantCell(page, column, row.path("invariants").path(column)));
            columns.forEach(column -> {
                ReportJson.Node value = row.path("observations").path(column);
                page.append("<td data-label=\"")
                        .append(escape(column))
                        .append("\">")
                        .append(value.isMissing() ? "" : escape(value.asText()))
                        .append("</td>");
            });
            if (crashSites) {
                page.append("<td class=\"wide\" data-label=\"crash site\">")
                        .append(text(row, "crashSite")
                                .map(site -> crashSites(row, site))
                                .orElse(""))
                        .append("</td>");
            }
            page.append("</tr>\n");
        }
        page.append("</table></div>\n");
    }

    /** What the dead process still tried after an in-process crash, folded: refused, and no verdict. */
    private static String afterDeath(ReportJson.Node row) {
        return fold(row.path("afterDeath"), "afterDeath", "after the death: ", " line", " (refused, no verdict)");
    }

    /** The points of the sweep a case stands for, folded: they are equivalent to its own. */
    private static String equivalents(ReportJson.Node row) {
        return fold(row.path("equivalents"), "equivalents", "stands for ", " equivalent point", "");
    }

    /** {@code <details class="css"><summary>lead N noun(s)tail</summary><ul><li>...</li></ul></details>}, or nothing. */
    private static String fold(ReportJson.Node lines, String css, String lead, String noun, String tail) {
        if (lines.isMissing() || lines.isEmpty()) {
            return "";
        }
        StringBuilder items = new StringBuilder();
        int count = 0;
        for (ReportJson.Node line : lines) {
            count++;
            items.append("<li>").append(escape(line.asText())).append("</li>");
        }
        return "<details class=\"" + css + "\"><summary>" + lead + count + noun + (count == 1 ? "" : "s") + tail
                + "</summary><ul>" + items + "</ul></details>";
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

    /** The verdict, and for a violated invariant its keys by kind ({@code lost intent: o-1}); the message on hover. */
    private static void invariantCell(StringBuilder page, String column, ReportJson.Node cell) {
        if (cell.isMissing()) {
            page.append("<td data-label=\"").append(escape(column)).append("\"></td>");
            return;
        }
        String verdict = cell.path("verdict").asText();
        page.append("<td class=\"")
                .append(escape(verdict))
                .append("\" data-label=\"")
                .append(escape(column))
                .append("\" title=\"")
                .append(escape(cell.path("message").asText()))
                .append("\">")
                .append(escape(verdict));
        if (verdict.equals(Verdict.VIOLATED.name())) {
            Map<String, Set<String>> keysByKind = new LinkedHashMap<>();
            ReportCauses.found(cell)
                    .forEach(violation -> keysByKind
                            .computeIfAbsent(violation.kind(), kind -> new LinkedHashSet<>())
                            .add(violation.key()));
            List<String> lines = new ArrayList<>();
            keysByKind.forEach((kind, keys) -> {
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

    /**
     * The row's crash site, {@code site}, and for a case that crashed its recovery too, the recovery's:
     * {@code Relay.publish:42, then in the recovery Relay.recover:60}.
     */
    private static String crashSites(ReportJson.Node row, String site) {
        return crashSite(site)
                + text(row.path("recovery"), "crashSite")
                        .map(recovery -> ", then in the recovery " + crashSite(recovery))
                        .orElse("");
    }

    /** {@code Relay.publish:42}, with the whole frame on hover. */
    private static String crashSite(String frame) {
        return "<code title=\"" + escape(frame) + "\">" + escape(ReportText.shortCrashSite(frame)) + "</code>";
    }

    private static String replay(ReportJson.Node row) {
        return "<code class=\"replay\">"
                + escape(ReportText.replayOption(row.path("replayKey").asText())) + "</code>";
    }

    /** Links to the case's attachments, relative to the report, if it has any. */
    private static String attachments(ReportJson.Node row) {
        List<String> links = new ArrayList<>();
        for (ReportJson.Node attachment : row.path("attachments")) {
            String label = escape(attachment.path("label").asText());
            links.add(text(attachment, "path")
                    .map(path -> "<a href=\"" + escape(path) + "\">" + label + "</a>")
                    .orElse(label));
        }
        return links.isEmpty() ? "" : "<div class=\"att\">attachments: " + String.join(", ", links) + "</div>";
    }

    /** The matrix row of case {@code number} (from 1) of test {@code testIndex}. */
    private String rowId(int testIndex, int number) {
        return ids.get(testIndex) + "-" + number;
    }

    /** A test name that may break after its dots and dollars, never inside a word. */
    private static String breakable(String name) {
        return escape(name).replace(".", ".<wbr>").replace("$", "$<wbr>");
    }

    static String escape(String text) {
        return text.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("\"", "&quot;")
                .replace("'", "&#39;");
    }
}
