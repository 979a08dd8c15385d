package dev.deliverykit.junit5.internal.report;

import static dev.deliverykit.junit5.internal.report.Html.escape;

import dev.deliverykit.boundary.TurnEnd;
import dev.deliverykit.invariant.Verdict;
import java.util.ArrayList;
import java.util.List;

/**
 * A schedule case's timeline in report.html: one column per instance, one row per turn with the point where that
 * instance stopped (the other cells blank), and a last row with what the invariants found.
 */
final class HtmlTimeline {

    private HtmlTimeline() {}

    /** The row's timeline as a small table, or nothing for a case that is no schedule. */
    static String of(CaseRow row) {
        if (row.timeline().isEmpty()) {
            return "";
        }
        List<String> instances = new ArrayList<>();
        row.timeline().stream()
                .map(TurnEnd::instance)
                .filter(instance -> !instances.contains(instance))
                .forEach(instances::add);
        StringBuilder table = new StringBuilder("<div class=\"scroll\"><table class=\"timeline\"><tr>");
        instances.forEach(
                instance -> table.append("<th>").append(escape(instance)).append("</th>"));
        table.append("</tr>");
        for (TurnEnd turn : row.timeline()) {
            table.append("<tr>");
            for (String instance : instances) {
                table.append("<td>")
                        .append(instance.equals(turn.instance()) ? escape(TurnStops.stoppedAt(turn)) : "")
                        .append("</td>");
            }
            table.append("</tr>");
        }
        return table.append("<tr><td colspan=\"")
                .append(instances.size())
                .append("\" class=\"")
                .append(verdictClass(row))
                .append("\">")
                .append(escape(verdict(row)))
                .append("</td></tr></table></div>")
                .toString();
    }

    /** {@code exactlyOnce: VIOLATED (1 violation); noneLost: HOLDS}, or the outcome when nothing was checked. */
    static String verdict(CaseRow row) {
        if (row.invariants().isEmpty()) {
            return "no invariant checked: " + row.outcome().name();
        }
        List<String> verdicts = new ArrayList<>();
        row.invariants()
                .forEach((name, cell) ->
                        verdicts.add(name + ": " + cell.verdict().name() + found(cell)));
        return String.join("; ", verdicts);
    }

    /** {@code  (2 violations)}, or nothing when it held. */
    private static String found(CaseRow.InvariantCell cell) {
        long violations = cell.violations();
        return violations == 0 ? "" : " (" + violations + " violation" + (violations == 1 ? "" : "s") + ")";
    }

    private static String verdictClass(CaseRow row) {
        if (row.invariants().isEmpty()) {
            return row.outcome().name();
        }
        return row.invariants().values().stream().anyMatch(cell -> cell.verdict() == Verdict.VIOLATED)
                ? "VIOLATED"
                : "HOLDS";
    }
}
