package dev.deliverykit.junit5.internal.report;

import static dev.deliverykit.junit5.internal.report.Html.escape;

import dev.deliverykit.internal.markdown.MarkdownTable;
import dev.deliverykit.junit5.Guarantee;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The report's {@link Guarantee} section in report.md and report.html: the guarantees grouped by test class and
 * role, each group in one line: "ReceiverContractTest, idempotent receiver: 6 of 7 guarantees hold; concurrent
 * workers on one key: 4 effects for (tenantA, reserve-1), expected exactly 1".
 */
final class ReportGuarantees {

    private ReportGuarantees() {}

    /** The Markdown section, or nothing when the run had no guarantee test. */
    static String markdown(List<GuaranteeResult> guarantees) {
        Map<String, List<GuaranteeResult>> groups = groups(guarantees);
        if (groups.isEmpty()) {
            return "";
        }
        MarkdownTable table =
                new MarkdownTable("test class", "role", "guarantees", "hold", "violated", "not promised", "skipped");
        StringBuilder lines = new StringBuilder();
        groups.values().forEach(group -> {
            GuaranteeResult first = group.get(0);
            table.row(
                    first.testClass(),
                    first.role(),
                    group.size(),
                    count(group, GuaranteeRow.Verdict.HOLDS),
                    count(group, GuaranteeRow.Verdict.VIOLATED),
                    count(group, GuaranteeRow.Verdict.NOT_PROMISED),
                    count(group, GuaranteeRow.Verdict.SKIPPED) + count(group, GuaranteeRow.Verdict.ABORTED));
            lines.append("- ").append(line(group)).append('\n');
        });
        return "\nGuarantees by role:\n\n" + table.render() + "\n" + lines;
    }

    /** The HTML section, or nothing when the run had no guarantee test. */
    static void html(StringBuilder page, List<GuaranteeResult> guarantees) {
        Map<String, List<GuaranteeResult>> groups = groups(guarantees);
        if (groups.isEmpty()) {
            return;
        }
        page.append("<h2 id=\"guarantees\">Guarantees by role</h2>\n");
        groups.values().forEach(group -> {
            page.append("<p>").append(escape(line(group))).append("</p>\n");
            page.append("<div class=\"scroll\"><table class=\"guarantees\"><tr class=\"head\"><th>check</th>"
                    + "<th>guarantee</th><th>seed</th><th>verdict</th><th>finding</th></tr>\n");
            for (GuaranteeResult row : group) {
                String verdict = row.verdict().name();
                page.append("<tr><td><code>")
                        .append(escape(row.id()))
                        .append("</code></td><td>")
                        .append(escape(row.guarantee()))
                        .append("</td><td>")
                        .append(escape(row.seed()))
                        .append("</td><td class=\"")
                        .append(cellClass(row.verdict()))
                        .append("\">")
                        .append(escape(verdict.replace('_', ' ')))
                        .append("</td><td>")
                        .append(escape(detail(row)))
                        .append("</td></tr>\n");
            }
            page.append("</table></div>\n");
        });
    }

    /** {@code ReceiverContractTest, idempotent receiver: 6 of 7 guarantees hold; <name>: <finding>; ...}. */
    static String line(List<GuaranteeResult> group) {
        GuaranteeResult first = group.get(0);
        long notPromised = count(group, GuaranteeRow.Verdict.NOT_PROMISED);
        long skipped = count(group, GuaranteeRow.Verdict.SKIPPED) + count(group, GuaranteeRow.Verdict.ABORTED);
        long promised = group.size() - notPromised - skipped;
        StringBuilder line = new StringBuilder(first.testClass())
                .append(", ")
                .append(first.role())
                .append(": ")
                .append(count(group, GuaranteeRow.Verdict.HOLDS))
                .append(" of ")
                .append(promised)
                .append(promised == 1 ? " guarantee holds" : " guarantees hold");
        if (notPromised > 0) {
            line.append(", ").append(notPromised).append(" not promised");
        }
        if (skipped > 0) {
            line.append(", ").append(skipped).append(" skipped");
        }
        for (GuaranteeResult row : group) {
            if (row.verdict() == GuaranteeRow.Verdict.VIOLATED) {
                line.append("; ").append(row.name()).append(": ").append(detail(row));
            }
        }
        return line.toString();
    }

    /** A violated guarantee's finding (with its failed cases of a template), else why it did not run. */
    private static String detail(GuaranteeResult row) {
        if (row.verdict() == GuaranteeRow.Verdict.VIOLATED) {
            String finding = row.finding().orElse("failed");
            return row.cases() > 1 ? row.failed() + " of " + row.cases() + " cases fail, first " + finding : finding;
        }
        return row.reason().orElse("");
    }

    private static String cellClass(GuaranteeRow.Verdict verdict) {
        return switch (verdict) {
            case HOLDS -> "HOLDS";
            case VIOLATED -> "VIOLATED";
            default -> "ABORTED";
        };
    }

    private static long count(List<GuaranteeResult> group, GuaranteeRow.Verdict verdict) {
        return group.stream().filter(row -> row.verdict() == verdict).count();
    }

    /** The guarantees by test class and role, in the order they were first reported. */
    private static Map<String, List<GuaranteeResult>> groups(List<GuaranteeResult> guarantees) {
        Map<String, List<GuaranteeResult>> groups = new LinkedHashMap<>();
        for (GuaranteeResult row : guarantees) {
            groups.computeIfAbsent(row.className() + "|" + row.role(), key -> new ArrayList<>())
                    .add(row);
        }
        return groups;
    }
}
