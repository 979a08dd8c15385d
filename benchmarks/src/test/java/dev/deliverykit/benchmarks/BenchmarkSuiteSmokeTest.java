package dev.deliverykit.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.benchmarks.report.Figure;
import dev.deliverykit.benchmarks.report.ResultsJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Benchmarks are not tests: this only proves that every figure's benchmark executes (one tiny iteration,
 * one repetition, JMH without forks, smaller sweeps) through the same checks as the full run, which throw:
 * its crash cases still pass their invariant checks, and each launcher run passes exactly the tests it
 * should, a sweep's as many as its recording says in the kit's report. So a sweep whose cases the kit
 * changed fails here, not in the full run. It asserts no time at all.
 */
class BenchmarkSuiteSmokeTest {

    @TempDir
    Path out;

    @Test
    void everyFigureExecutesAndIsWrittenAsJsonAndMarkdown() {
        List<Figure> figures = BenchmarkSuite.run(RunSettings.smokeRun(), new LinkedHashSet<>(BenchmarkSuite.ALL), out);

        assertThat(figures).extracting(figure -> figure.id().split(" ")[0]).containsAll(BenchmarkSuite.ALL);
        assertThat(figures).allSatisfy(figure -> {
            assertThat(figure.measured().n()).isPositive();
            assertThat(figure.baseline().n()).isPositive();
            assertThat(Double.isFinite(figure.value()))
                    .as(figure.id() + " value")
                    .isTrue();
        });

        Map<String, Object> json = ResultsJson.read(out.resolve("results.json"));
        assertThat(json).containsKeys("environment", "figures", "notes");
        assertThat((List<?>) json.get("figures")).hasSameSizeAs(figures);
        assertThat(out.resolve("results.md")).exists();
        assertThat(Files.isRegularFile(out.resolve("results.md"))).isTrue();
    }
}
