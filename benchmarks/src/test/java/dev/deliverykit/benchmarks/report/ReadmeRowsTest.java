package dev.deliverykit.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ReadmeRowsTest {

    private static final Measurement SIDE = Measurement.ofSamples("side", "ms", 7.97, 8.0, 7.9);

    @Test
    void givesEveryRowOfTheReadmeTableInItsFormat() {
        List<Figure> figures = List.of(
                Figure.ratio("B1", "crash case", SIDE, SIDE, Target.atMost(3.0, "x")),
                new Figure(
                        "B4",
                        "agent",
                        SIDE,
                        SIDE,
                        104,
                        "+104 ms (1.27x)",
                        Optional.of(Target.atMost(50, " ms")),
                        Verdict.MISSED),
                Figure.computed("B8", "sweep", SIDE, SIDE, 1.1, "1.10x", Target.atLeast(1.6, "x")),
                Figure.info("B10", "battery, whole", SIDE, SIDE),
                Figure.computed("B10 per test", "per test", SIDE, SIDE, 1.02, "1.02x", Target.atMost(2, "x")));

        String rows = ReadmeRows.render(figures, List.of());

        assertThat(rows.lines().toList())
                .startsWith("| # | what | against its baseline | target | |", "| --- | --- | --- | --- | --- |")
                .contains(
                        "| B1 | in-process crash case: workload to the boundary, crash, recovery, invariant check"
                                + " (7.97 ms) | 1.00x | at most 3x | met |",
                        "| B4 | a JVM with `-javaagent` and its first engine run | +104 ms | under 50 ms added | missed |",
                        "| B8 | a child-JVM sweep of 20 cases with children started ahead (parallelism 2 against 1)"
                                + " | 1.10x faster | at least 1.6x faster | missed |",
                        "| B10 | a role's whole contract battery, per in-process test, against a plain crash sweep's"
                                + " | 1.02x | at most 2x | met |")
                .hasSize(2 + 13);
        assertThat(rows.lines().skip(2).map(line -> line.split(" \\| ")[0]))
                .containsExactly(
                        "| B1",
                        "| B2",
                        "| B3",
                        "| B4",
                        "| B5",
                        "| B6",
                        "| B7",
                        "| B2 JUnit face",
                        "| B8",
                        "| B9",
                        "| B10",
                        "| B11",
                        "| B12");
    }

    @Test
    void saysWhichFiguresAStepFailedToMeasureAndWhy() {
        List<FailedStep> failed =
                List.of(new FailedStep("B8 child-process sweep", Set.of("B8"), "IllegalStateException: a | b"));

        String rows = ReadmeRows.render(List.of(), failed);

        assertThat(rows.lines().toList())
                .contains(
                        "| B8 | a child-JVM sweep of 20 cases with children started ahead (parallelism 2 against 1)"
                                + " | not measured | at least 1.6x faster | failed: IllegalStateException: a \\| b |",
                        "| B1 | in-process crash case: workload to the boundary, crash, recovery, invariant check"
                                + " | not measured | at most 3x | not run |");
    }
}
