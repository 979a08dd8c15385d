package dev.deliverykit.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.benchmarks.BenchmarkSuite.Step;
import dev.deliverykit.benchmarks.process.AgentJar;
import dev.deliverykit.benchmarks.report.Figure;
import dev.deliverykit.benchmarks.report.Measurement;
import dev.deliverykit.benchmarks.report.ResultsJson;
import dev.deliverykit.benchmarks.report.Target;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A step that throws costs only its own figures; the others are measured and written. */
class BenchmarkSuiteStepsTest {

    @TempDir
    Path out;

    private static Figure figure(String id) {
        Measurement side = Measurement.ofSamples(id, "ms", 1.0);
        return Figure.ratio(id, id, side, side, Target.atMost(2, "x"));
    }

    @Test
    void aFailingStepIsRecordedAndTheNextStepsStillRun() throws Exception {
        List<Step> steps = List.of(
                new Step("first", Set.of("B1"), () -> List.of(figure("B1"))),
                new Step("breaks", Set.of("B8"), () -> {
                    throw new IllegalStateException("the sweep counted 19 cases");
                }),
                new Step("last", Set.of("B9"), () -> List.of(figure("B9"))));

        assertThatThrownBy(() -> BenchmarkSuite.run(RunSettings.smokeRun(), AgentJar.locate(), steps, out))
                .hasMessageContaining("the sweep counted 19 cases");

        Map<String, Object> json = ResultsJson.read(out.resolve("results.json"));
        assertThat((List<?>) json.get("figures")).hasSize(2);
        assertThat(json.get("failed").toString()).contains("B8", "the sweep counted 19 cases");
        assertThat(json.get("environment").toString())
                .contains("load average at start (1, 5, 15 min)", "load average at end (1, 5, 15 min)");
        String markdown = Files.readString(out.resolve("results.md"));
        assertThat(markdown)
                .contains("## Failed steps", "## For the README", "| B9 |", "failed: IllegalStateException");
    }

    @Test
    void stepsRunOnlyWhatIsAskedFor() {
        RunSettings settings = RunSettings.smokeRun();
        AgentJar agent = AgentJar.locate();

        assertThat(BenchmarkSuite.steps(settings, agent, new LinkedHashSet<>(List.of("B6", "B8"))))
                .extracting(step -> step.figures())
                .containsExactly(Set.of("B1", "B6"), Set.of("B8"));
        assertThat(BenchmarkSuite.steps(settings, agent, new LinkedHashSet<>(BenchmarkSuite.ALL)))
                .flatExtracting(Step::figures)
                .containsExactlyInAnyOrderElementsOf(BenchmarkSuite.ALL);
    }
}
