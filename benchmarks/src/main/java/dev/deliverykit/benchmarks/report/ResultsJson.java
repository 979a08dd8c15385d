package dev.deliverykit.benchmarks.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The results as JSON, for machines: the environment of the run, every figure with both sides' median,
 * quartiles and run count, the checked value, the target bounds and the verdict, and the steps that failed.
 *
 * <pre>{@code
 * ResultsJson.write(Path.of("target/benchmarks/results.json"), environment, figures, failedSteps, notes);
 * }</pre>
 */
public final class ResultsJson {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ResultsJson() {}

    /** Writes the file, creating its directory. */
    public static void write(
            Path file,
            Map<String, Object> environment,
            List<Figure> figures,
            List<FailedStep> failed,
            List<String> notes) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("environment", environment);
        root.put("figures", figures.stream().map(ResultsJson::figure).toList());
        root.put("failed", failed.stream().map(ResultsJson::failed).toList());
        root.put("notes", notes);
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            MAPPER.writeValue(file.toFile(), root);
        } catch (IOException e) {
            throw new UncheckedIOException("could not write the benchmark results to " + file, e);
        }
    }

    /** Reads a results file back (for the smoke test and for comparing runs). */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> read(Path file) {
        try {
            return MAPPER.readValue(file.toFile(), Map.class);
        } catch (IOException e) {
            throw new UncheckedIOException("could not read benchmark results from " + file, e);
        }
    }

    private static Map<String, Object> figure(Figure figure) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", figure.id());
        out.put("figure", figure.figure());
        out.put("measured", measurement(figure.measured()));
        out.put("baseline", measurement(figure.baseline()));
        out.put("value", figure.value());
        out.put("valueText", figure.valueText());
        figure.target().ifPresent(target -> {
            Map<String, Object> bounds = new LinkedHashMap<>();
            bounds.put("text", target.text());
            bounds.put("low", Double.isInfinite(target.low()) ? null : target.low());
            bounds.put("high", Double.isInfinite(target.high()) ? null : target.high());
            out.put("target", bounds);
        });
        out.put("verdict", figure.verdict().name());
        return out;
    }

    private static Map<String, Object> failed(FailedStep step) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("step", step.step());
        out.put("figures", step.figures().stream().sorted().toList());
        out.put("reason", step.reason());
        return out;
    }

    private static Map<String, Object> measurement(Measurement m) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("what", m.what());
        out.put("unit", m.unit());
        out.put("median", m.median());
        out.put("p25", m.p25());
        out.put("p75", m.p75());
        out.put("n", m.n());
        return out;
    }
}
