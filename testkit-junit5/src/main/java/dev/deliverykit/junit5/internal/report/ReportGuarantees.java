package dev.deliverykit.junit5.internal.report;

import static dev.deliverykit.junit5.internal.report.ReportHtml.escape;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.internal.markdown.MarkdownTable;
import dev.deliverykit.junit5.Guarantee;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * The report's {@link Guarantee} section: in report.json the {@code guarantees} array (one object per guarantee test,
 * written only when there is one), in report.md and report.html the guarantees grouped by test class and role, each
 * group in one line: "ReceiverContractTest, idempotent receiver: 6 of 7 guarantees hold; concurrent workers on one
 * key: 4 effects for (tenantA, reserve-1), expected exactly 1".
 */
@API(status = INTERNAL, since = "0.1")
public final class ReportGuarantees {

    private ReportGuarantees() {}

    /** {@code part} with this JVM's guarantee rows, if it has any. */
    public static Map<String, Object> withGuarantees(Map<String, Object> part, List<GuaranteeRow> rows) {
        if (!rows.isEmpty()) {
            List<Object> guarantees = new ArrayList<>();
            rows.forEach(row -> guarantees.add(row.model()));
            part.put("guarantees", guarantees);
        }
        return part;
    }

    /** Adds {@code part}'s guarantees to {@code byId}, where a later part's replaces an earlier one's. */
    static void collect(Map<String, Object> byId, ReportJson.Node part) {
        for (ReportJson.Node guarantee : part.path("guarantees")) {
            byId.remove(guarantee.path("uniqueId").asText());
            byId.put(guarantee.path("uniqueId").asText(), guarantee.copy());
        }
    }

    /** {@code merged} with the collected guarantees, if there are any. */
    static Map<String, Object> withCollected(Map<String, Object> merged, Map<String, Object> byId) {
        if (!byId.isEmpty()) {
            merged.put("guarantees", new ArrayList<>(byId.values()));
        }
        return merged;
    }

    /** The Markdown section, or nothing when the run had no guarantee test. */
    static String markdown(ReportJson.Node model) {
        Map<String, List<ReportJson.Node>> groups = groups(model);
        if (groups.isEmpty()) {
            return "";
        }
        MarkdownTable table =
                new MarkdownTable("test class", "role", "guarantees", "hold", "violated", "not promised", "skipped");
        StringBuilder lines = new StringBuilder();
        groups.values().forEach(group -> {
            ReportJson.Node first = group.get(0);
            table.row(
                    first.path("class").asText(),
                    first.path("role").asText(),
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
    static void html(StringBuilder page, ReportJson.Node model) {
        Map<String, List<ReportJson.Node>> groups = groups(model);
        if (groups.isEmpty()) {
            return;
        }
        page.append("<h2 id=\"guarantees\">Guarantees by role</h2>\n");
        groups.values().forEach(group -> {
            page.append("<p>").append(escape(line(group))).append("</p>\n");
            page.append("<div class=\"scroll\"><table class=\"guarantees\"><tr class=\"head\"><th>check</th>"
                    + "<th>guarantee</th><th>seed</th><th>verdict</th><th>finding</th></tr>\n");
            for (ReportJson.Node row : group) {
                String verdict = row.path("verdict").asText();
                page.append("<tr><td><code>")
                        .append(escape(row.path("id").asText()))
                        .append("</code></td><td>")
                        .append(escape(row.path("guarantee").asText()))
                        .append("</td><td>")
                        .append(escape(row.path("seed").asText("")))
                        .append("</td><td class=\"")
                        .append(cellClass(verdict))
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
    static String line(List<ReportJson.Node> group) {
        ReportJson.Node first = group.get(0);
        long notPromised = count(group, GuaranteeRow.Verdict.NOT_PROMISED);
        long skipped = count(group, GuaranteeRow.Verdict.SKIPPED) + count(group, GuaranteeRow.Verdict.ABORTED);
        long promised = group.size() - notPromised - skipped;
        StringBuilder line = new StringBuilder(first.path("class").asText())
                .append(", ")
                .append(first.path("role").asText())
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
        for (ReportJson.Node row : group) {
            if (row.path("verdict").asText().equals(GuaranteeRow.Verdict.VIOLATED.name())) {
                line.append("; ").append(row.path("name").asText()).append(": ").append(detail(row));
            }
        }
        return line.toString();
    }

    /** A violated guarantee's finding (with its failed cases of a template), else why it did not run. */
    private static String detail(ReportJson.Node row) {
        if (row.path("verdict").asText().equals(GuaranteeRow.Verdict.VIOLATED.name())) {
            long cases = row.path("cases").asLong();
            String finding = ReportText.text(row, "finding").orElse("failed");
            return cases > 1 ? row.path("failed").asLong() + " of " + cases + " cases fail, first " + finding : finding;
        }
        return ReportText.text(row, "reason").orElse("");
    }

    private static String cellClass(String verdict) {
        return switch (GuaranteeRow.Verdict.valueOf(verdict)) {
            case HOLDS -> "HOLDS";
            case VIOLATED -> "VIOLATED";
            default -> "ABORTED";
        };
    }

    private static long count(List<ReportJson.Node> group, GuaranteeRow.Verdict verdict) {
        return group.stream()
                .filter(row -> row.path("verdict").asText().equals(verdict.name()))
                .count();
    }

    /** The guarantees by test class and role, in the order they were first reported. */
    private static Map<String, List<ReportJson.Node>> groups(ReportJson.Node model) {
        Map<String, List<ReportJson.Node>> groups = new LinkedHashMap<>();
        for (ReportJson.Node row : model.path("guarantees")) {
            groups.computeIfAbsent(
                            row.path("className").asText() + "|"
                                    + row.path("role").asText(),
                            key -> new ArrayList<>())
                    .add(row);
        }
        return groups;
    }
}
