package dev.deliverykit.junit5.internal.report;

import static dev.deliverykit.junit5.internal.report.ReportText.failed;
import static dev.deliverykit.junit5.internal.report.ReportText.testName;
import static dev.deliverykit.junit5.internal.report.ReportText.text;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.internal.markdown.MarkdownTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * Renders a report model ({@link ReportModel}) in three forms: {@code report.json} (format
 * {@value ReportModel#FORMAT}) for machines, {@code report.html} (a crash matrix per test: one row per case;
 * columns for the outcome, for each checked invariant and for each observed value; red and green cells; replay
 * keys) for people, and a Markdown summary for the CI log.
 */
@API(status = INTERNAL, since = "0.1")
public final class ReportFiles {

    private static final int FAILURE_SHOWN = 160;
    private static final int LINES_SHOWN = 3;

    private final ReportJson.Node model;

    public ReportFiles(ReportJson.Node model) {
        this.model = model;
    }

    /**
     * Writes {@code report.json}, {@code report.html} and {@code report.md} (the summary, for a CI job's
     * summary page) into {@code directory}, each replaced whole, and returns the HTML file.
     */
    Path write(Path directory) throws IOException {
        ReportDirectory.replace(directory.resolve("report.json"), json(model));
        Path html = directory.resolve("report.html");
        ReportDirectory.replace(html, html());
        ReportDirectory.replace(directory.resolve("report.md"), markdownSummary(""));
        return html.toAbsolutePath();
    }

    /** The model as indented JSON, ending with a line break. */
    static String json(ReportJson.Node model) {
        return ReportJson.write(model) + "\n";
    }

    String html() {
        return new ReportHtml(model).render();
    }

    /** The summary printed at the end of the run: one row per test, then every failed case with its replay key. */
    public String markdownSummary(String location) {
        StringBuilder text = new StringBuilder("## DeliveryKit crash report\n\n");
        ReportText.shardLine(model).ifPresent(line -> text.append(line).append("\n\n"));
        MarkdownTable tests = new MarkdownTable("test", "cases", "passed", "failed", "aborted");
        MarkdownTable failures = new MarkdownTable("test", "case", "violated invariants", "replay key", "failure");
        boolean anyFailed = false;
        List<String> disagreements = new ArrayList<>();
        MarkdownTable sweeps = new MarkdownTable("test", "mode", "crash points", "classes", "cases run", "pruned");
        boolean anySweep = false;
        for (ReportJson.Node test : model.path("tests")) {
            for (ReportJson.Node row : test.path("cases")) {
                ReportJson.Node sweep = row.path("sweep");
                if (!sweep.isMissing()) {
                    anySweep = true;
                    SweepCounts counts = ReportText.sweepCounts(sweep);
                    sweeps.row(
                            testName(test),
                            ReportText.modeName(row.path("mode").asText()),
                            counts.points(),
                            counts.classesCell(),
                            counts.casesRun(),
                            counts.prunedCell());
                }
            }
            ReportText.modeDisagreements(test).forEach(line -> disagreements.add(testName(test) + ": " + line));
            ReportJson.Node totals = test.path("totals");
            tests.row(
                    testName(test),
                    totals.path("cases").asLong(),
                    totals.path("passed").asLong(),
                    totals.path("failed").asLong(),
                    totals.path("aborted").asLong());
            for (ReportJson.Node row : test.path("cases")) {
                if (!failed(row)) {
                    continue;
                }
                anyFailed = true;
                Set<String> violated = ReportText.violated(row).keySet();
                failures.row(
                        testName(test),
                        row.path("displayName").asText(),
                        violated.isEmpty() ? "-" : String.join(", ", violated),
                        "`" + row.path("replayKey").asText() + "`",
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
        text.append(ReportGuarantees.markdown(model));
        if (!location.isEmpty()) {
            text.append("\nReport: ").append(location).append('\n');
        }
        return text.toString();
    }

    /**
     * The first {@value #LINES_SHOWN} violation lines of the case (what was found, for which key), or, when no
     * invariant was violated, the first line of its failure, cut at {@value #FAILURE_SHOWN} characters.
     */
    private static String failureCell(ReportJson.Node row) {
        List<String> lines = ReportText.allViolationLines(row);
        if (lines.isEmpty()) {
            String line = ReportText.firstLine(text(row, "failure").orElse(""));
            return line.length() <= FAILURE_SHOWN ? line : line.substring(0, FAILURE_SHOWN) + "…";
        }
        String shown = String.join("; ", lines.subList(0, Math.min(LINES_SHOWN, lines.size())));
        return lines.size() <= LINES_SHOWN ? shown : shown + "; … " + (lines.size() - LINES_SHOWN) + " more";
    }
}
