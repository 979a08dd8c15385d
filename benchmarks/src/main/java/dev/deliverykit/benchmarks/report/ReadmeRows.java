package dev.deliverykit.benchmarks.report;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * The rows of the project README's performance table, from one run's figures, in the README's own format
 * ({@code | # | what | against its baseline | target | |}), so that the README's table is pasted from one run
 * rather than assembled from several. A figure the run did not measure gets a row saying so, with the reason
 * when its step failed.
 *
 * <pre>{@code
 * String rows = ReadmeRows.render(figures, failedSteps);
 * }</pre>
 */
public final class ReadmeRows {

    /** The README's header, and its separator line. */
    public static final String HEADER =
            "| # | what | against its baseline | target | |\n| --- | --- | --- | --- | --- |\n";

    /**
     * One README row: its label, which figure gives its value, what the README says it measures (given the
     * figure, or null when it was not measured, for rows that quote an absolute time), the target as the README words it, and how the value is
     * shown.
     */
    private record Row(
            String label,
            String figureId,
            Function<Figure, String> what,
            String target,
            Function<Figure, String> value) {}

    private static final List<Row> ROWS = List.of(
            row(
                    "B1",
                    "B1",
                    figure -> "in-process crash case: workload to the boundary, crash, recovery, invariant check"
                            + (figure == null
                                    ? ""
                                    : " ("
                                            + Measurement.format(
                                                    figure.measured().median()) + " "
                                            + figure.measured().unit() + ")"),
                    "at most 3x"),
            row(
                    "B2",
                    "B2",
                    "the same case as a real process exit (child JVM halts, parent recovers and checks)",
                    "at most 1.25x"),
            row("B3", "B3", "the reference pipeline inside an armed engine run that never crashes", "at most 1.05x"),
            new Row(
                    "B4",
                    "B4",
                    figure -> "a JVM with `-javaagent` and its first engine run",
                    "under 50 ms added",
                    ReadmeRows::withoutRatio),
            row("B5", "B5", "pipeline throughput, one event per transaction (per commit)", "at least 0.8x"),
            row(
                    "B6",
                    "B6",
                    "a `@CrashSweep` over the ten boundaries of the ordered table, through JUnit",
                    "0.8x to 1.25x"),
            row(
                    "B7",
                    "B7",
                    "a `@CrashAt` JUnit test per case, against Byteman (BMUnit 5) doing the same crash",
                    "at most 1x"),
            row(
                    "B2 JUnit face",
                    "B2 JUnit face",
                    "B2's case as a `@CrashAt(..., mode = CHILD_PROCESS)` test, through the JUnit launcher",
                    "at most 1x"),
            new Row(
                    "B8",
                    "B8",
                    figure -> "a child-JVM sweep of 20 cases with children started ahead (parallelism 2 against 1)",
                    "at least 1.6x faster",
                    figure -> figure.valueText() + " faster"),
            row(
                    "B9",
                    "B9",
                    "the longest of 4 shards of a sample-like sweep in both modes, against the whole sweep",
                    "at most 0.35x"),
            row(
                    "B10",
                    "B10 per test",
                    "a role's whole contract battery, per in-process test, against a plain crash sweep's",
                    "at most 2x"),
            row(
                    "B11",
                    "B11",
                    "a sample-like sweep crashed once per class of equivalent points, against every point",
                    "at most 0.5x"),
            row(
                    "B12",
                    "B12",
                    "a crash case whose process is a Spring Boot application, as a child JVM against in this JVM",
                    "at most 1.5x"));

    private ReadmeRows() {}

    /** The header and one row per README row, ending with a line break. */
    public static String render(List<Figure> figures, List<FailedStep> failed) {
        StringBuilder out = new StringBuilder(HEADER);
        for (Row row : ROWS) {
            Optional<Figure> figure = figures.stream()
                    .filter(candidate -> candidate.id().equals(row.figureId()))
                    .findFirst();
            String what;
            String value;
            String verdict;
            if (figure.isPresent()) {
                what = row.what().apply(figure.get());
                value = row.value().apply(figure.get());
                verdict = figure.get().verdict().name().toLowerCase(Locale.ROOT);
            } else {
                String figureNumber = row.figureId().split(" ")[0];
                Optional<FailedStep> failure = failed.stream()
                        .filter(step -> step.figures().contains(figureNumber))
                        .findFirst();
                what = row.what().apply(null);
                value = "not measured";
                verdict = failure.map(step -> "failed: " + step.reason()).orElse("not run");
            }
            out.append("| ")
                    .append(row.label())
                    .append(" | ")
                    .append(cell(what))
                    .append(" | ")
                    .append(cell(value))
                    .append(" | ")
                    .append(row.target())
                    .append(" | ")
                    .append(cell(verdict))
                    .append(" |\n");
        }
        return out.toString();
    }

    private static Row row(String label, String figureId, String what, String target) {
        return row(label, figureId, figure -> what, target);
    }

    private static Row row(String label, String figureId, Function<Figure, String> what, String target) {
        return new Row(label, figureId, what, target, Figure::valueText);
    }

    /** {@code "+104 ms (1.27x)"} as the README shows it: {@code "+104 ms"}. */
    private static String withoutRatio(Figure figure) {
        String text = figure.valueText();
        int ratio = text.indexOf(" (");
        return ratio < 0 ? text : text.substring(0, ratio);
    }

    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }
}
