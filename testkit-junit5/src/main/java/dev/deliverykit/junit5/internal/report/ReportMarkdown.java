package dev.deliverykit.junit5.internal.report;

import dev.deliverykit.internal.markdown.MarkdownTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * {@code report.md}, the summary printed at the end of the run and shown on a CI job's summary page: one row per
 * test, the sweeps' counts, every failed case with its replay key, the modes' disagreements and the guarantees.
 */
final class ReportMarkdown {

    private static final int FAILURE_SHOWN = 160;
    private static final int LINES_SHOWN = 3;

    private final Report report;

    ReportMarkdown(Report report) {
        this.report = report;
    }

    /** The summary printed at the end of the run: one row per test, then every failed case with its replay key. */
    String render(String location) {
        StringBuilder text = new StringBuilder("## DeliveryKit crash report\n\n");
        ReportText.shardLine(report).ifPresent(line -> text.append(line).append("\n\n"));
        MarkdownTable tests = new MarkdownTable("test", "cases", "passed", "failed", "aborted");
        MarkdownTable failures = new MarkdownTable("test", "case", "violated invariants", "replay key", "failure");
        boolean anyFailed = false;
        List<String> disagreements = new ArrayList<>();
        MarkdownTable sweeps = new MarkdownTable("test", "mode", "crash points", "classes", "cases run", "pruned");
        boolean anySweep = false;
        for (TestReport test : report.tests()) {
            for (CaseRow row : test.cases()) {
                if (row.sweep().isPresent()) {
                    anySweep = true;
                    SweepCounts counts = row.sweep().get();
                    sweeps.row(
                            test.name(),
                            ReportText.modeName(row.mode()),
                            counts.points(),
                            counts.classesCell(),
                            counts.casesRun(),
                            counts.prunedCell());
                }
            }
            ReportText.modeDisagreements(test).forEach(line -> disagreements.add(test.name() + ": " + line));
            Totals totals = test.totals();
            tests.row(test.name(), totals.cases(), totals.passed(), totals.failed(), totals.aborted());
            for (CaseRow row : test.cases()) {
                if (!row.failed()) {
                    continue;
                }
                anyFailed = true;
                Set<String> violated = ReportText.violated(row).keySet();
                failures.row(
                        test.name(),
                        row.displayName(),
                        violated.isEmpty() ? "-" : String.join(", ", violated),
                        "`" + row.replayKey() + "`",
                        failureCell(row));
            }
        }
        text.append(tests.render());
        if (anySweep) {
            text.append("\nSweeps: a case at one point of a class of equivalent points stands for the others"
                            + " (exhaustive = true crashes at every point):\n\n")
                    .append(sweeps.render());
        }
        if (anyFailed) {
            text.append("\nFailed cases (rerun one with -Ddeliverykit.replay='<replay key>'):\n\n")
                    .append(failures.render());
        }
        if (!disagreements.isEmpty()) {
            text.append("\nThe two modes disagree (the real exit is the reference, so the in-process run missed"
                    + " something the process did; please report it):\n\n");
            disagreements.forEach(line -> text.append("- ").append(line).append('\n'));
        }
        text.append(ReportGuarantees.markdown(report.guarantees()));
        if (!location.isEmpty()) {
            text.append("\nReport: ").append(location).append('\n');
        }
        return text.toString();
    }

    /**
     * The first {@value #LINES_SHOWN} violation lines of the case (what was found, for which key), or, when no
     * invariant was violated, the first line of its failure, cut at {@value #FAILURE_SHOWN} characters.
     */
    private static String failureCell(CaseRow row) {
        List<String> lines = ReportText.allViolationLines(row);
        if (lines.isEmpty()) {
            String line = ReportText.firstLine(row.failure().orElse(""));
            return line.length() <= FAILURE_SHOWN ? line : line.substring(0, FAILURE_SHOWN) + "…";
        }
        String shown = String.join("; ", lines.subList(0, Math.min(LINES_SHOWN, lines.size())));
        return lines.size() <= LINES_SHOWN ? shown : shown + "; … " + (lines.size() - LINES_SHOWN) + " more";
    }
}
