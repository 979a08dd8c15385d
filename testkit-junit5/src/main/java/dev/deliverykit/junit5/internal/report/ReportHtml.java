package dev.deliverykit.junit5.internal.report;

import static dev.deliverykit.junit5.internal.report.Html.breakable;
import static dev.deliverykit.junit5.internal.report.Html.escape;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.stream.Collectors;

/**
 * {@code report.html}, read top down: when and on what it ran; an overview (one row per test, failed counts in
 * red, each linking to its matrix); the guarantees ({@link ReportGuarantees}); the failures grouped by cause
 * ({@link HtmlCauses}); then per test a crash matrix ({@link HtmlMatrix}). Every value is escaped. The page is
 * responsive ({@code report.css}): on a narrow screen each matrix row becomes a card, and wide tables scroll
 * sideways.
 */
final class ReportHtml {

    /**
     * The page's style sheet, {@code report.css} beside this class, one rule a line there and on one line in the
     * page.
     */
    private static final String STYLE = style();

    private final Report report;
    private final HtmlAnchors anchors;
    private final HtmlCauses causes;

    ReportHtml(Report report) {
        this.report = report;
        List<ReportCauses.Cause> grouped = ReportCauses.of(report);
        anchors = new HtmlAnchors(report.tests(), grouped);
        causes = new HtmlCauses(grouped, anchors);
    }

    private static String style() {
        try (InputStream css = ReportHtml.class.getResourceAsStream("report.css")) {
            if (css == null) {
                throw new IllegalStateException(ReportMessages.styleMissing(ReportHtml.class.getName()));
            }
            return new String(css.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .collect(Collectors.joining());
        } catch (IOException e) {
            throw new UncheckedIOException(ReportMessages.styleUnreadable(ReportHtml.class.getName()), e);
        }
    }

    String render() {
        StringBuilder page = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
                + "<title>DeliveryKit crash report</title>\n<style>" + STYLE + "</style></head><body>\n"
                + "<h1>DeliveryKit crash report</h1>\n");
        run(page);
        Totals totals = report.totals();
        page.append("<p class=\"totals\">")
                .append(totals.cases())
                .append(" cases: ")
                .append(totals.passed())
                .append(" passed, ")
                .append(totals.failed())
                .append(" failed, ")
                .append(totals.aborted())
                .append(" aborted.</p>\n");
        overview(page);
        ReportGuarantees.html(page, report.guarantees());
        causes.render(page);
        HtmlMatrix matrix = new HtmlMatrix(anchors);
        for (int index = 0; index < report.tests().size(); index++) {
            matrix.render(page, report.tests().get(index), index);
        }
        return page.append("</body></html>\n").toString();
    }

    /** When the last JVM wrote its part, on which JDK and with which kit version. */
    private void run(StringBuilder page) {
        List<Report.Source> parts = report.parts();
        if (parts.isEmpty()) {
            return;
        }
        Report.Source last = parts.get(parts.size() - 1);
        page.append("<p class=\"run\">Run ")
                .append(escape(seconds(last.written())))
                .append(", JDK ")
                .append(escape(last.jdk()))
                .append(", DeliveryKit ")
                .append(escape(last.kit()));
        long shards = report.mergedShards();
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
        ReportText.shardLine(report)
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
        for (TestReport test : report.tests()) {
            Totals totals = test.totals();
            long failed = totals.failed();
            long aborted = totals.aborted();
            page.append("<tr><td class=\"name\"><a href=\"#")
                    .append(anchors.test(index++))
                    .append("\">")
                    .append(breakable(test.name()))
                    .append("</a></td><td class=\"n\" data-label=\"cases\">")
                    .append(totals.cases())
                    .append("</td><td class=\"n\" data-label=\"passed\">")
                    .append(totals.passed())
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
}
