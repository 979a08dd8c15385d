package dev.deliverykit.benchmarks;

import dev.deliverykit.benchmarks.jmh.InProcessFigures;
import dev.deliverykit.benchmarks.process.AgentJar;
import dev.deliverykit.benchmarks.process.ChildSweepParallelism;
import dev.deliverykit.benchmarks.process.ContractBattery;
import dev.deliverykit.benchmarks.process.EngineStartup;
import dev.deliverykit.benchmarks.process.JUnitToolComparison;
import dev.deliverykit.benchmarks.process.PrunedSweep;
import dev.deliverykit.benchmarks.process.RealProcessCrash;
import dev.deliverykit.benchmarks.process.ShardedSweep;
import dev.deliverykit.benchmarks.report.Figure;
import dev.deliverykit.benchmarks.report.ResultsJson;
import dev.deliverykit.benchmarks.report.ResultsTable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The one entry point: measures B1 to B11, prints the Markdown table and writes {@code results.json} and
 * {@code results.md} into the output directory.
 *
 * <pre>
 * BenchmarkSuite [--out DIR] [--smoke] [--only B1,B3,...]
 * </pre>
 * The full run is {@code mvn -B -q -pl benchmarks -am package -DskipTests -Pbenchmarks} (see
 * {@code benchmarks/README.md}); {@code --smoke} is what {@code mvn verify} runs: one tiny iteration of
 * everything, numbers meaningless, written to the files but not printed.
 */
public final class BenchmarkSuite {

    /** Every figure, in order. */
    public static final List<String> ALL = List.of("B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9", "B10", "B11");

    private BenchmarkSuite() {}

    /** See the class comment. */
    public static void main(String[] args) {
        Path out = Path.of("target", "benchmarks");
        boolean smoke = false;
        Set<String> only = new LinkedHashSet<>(ALL);
        List<String> words = Arrays.stream(args)
                .flatMap(arg -> Arrays.stream(arg.trim().split("\\s+")))
                .filter(word -> !word.isEmpty())
                .toList();
        for (int i = 0; i < words.size(); i++) {
            switch (words.get(i)) {
                case "--out" -> out = Path.of(words.get(++i));
                case "--smoke" -> smoke = true;
                case "--only" ->
                    only = new LinkedHashSet<>(
                            Arrays.asList(words.get(++i).toUpperCase().split(",")));
                default ->
                    throw new IllegalArgumentException(
                            "unknown argument " + words.get(i) + "; expected --out DIR, --smoke, --only B1,B2,...");
            }
        }
        run(smoke ? RunSettings.smokeRun() : RunSettings.fullRun(), only, out);
    }

    /** Measures the chosen figures and writes the results; returns the figures. */
    public static List<Figure> run(RunSettings settings, Set<String> only, Path out) {
        if (!ALL.containsAll(only)) {
            throw new IllegalArgumentException("unknown figures " + only + "; known: " + ALL);
        }
        AgentJar agent = AgentJar.locate();
        long start = System.nanoTime();
        List<Figure> figures = new ArrayList<>();
        InProcessFigures inProcess = new InProcessFigures(settings, agent);
        // The smoke run (mvn verify) stays quiet: its numbers mean nothing, and a green build should not print
        // "missed"; it writes the files all the same.
        boolean print = !settings.smoke();
        if (only.contains("B1") || only.contains("B6")) {
            progress(print, "B1 and B6 crash cases, their floor and the sweep (JMH, interleaved forks)");
            figures.addAll(inProcess.crashCases(only.contains("B1"), only.contains("B6")));
        }
        if (only.contains("B2")) {
            progress(print, "B2 real-process crash cases and bare JUnit children");
            figures.addAll(new RealProcessCrash(settings, agent).measure());
        }
        if (only.contains("B3")) {
            progress(print, "B3 armed, never-hit runs (JMH, interleaved forks with and without agent)");
            figures.addAll(inProcess.b3());
        }
        if (only.contains("B4")) {
            progress(print, "B4 engine installation in child JVMs");
            figures.addAll(new EngineStartup(settings, agent).measure());
        }
        if (only.contains("B5")) {
            progress(print, "B5 throughput (JMH, interleaved forks)");
            figures.addAll(inProcess.b5());
        }
        if (only.contains("B7")) {
            progress(print, "B7 ours vs Byteman (BMUnit 5) in JUnit child JVMs");
            figures.addAll(new JUnitToolComparison(settings, agent).measure());
        }
        if (only.contains("B8")) {
            progress(print, "B8 child-process sweep, children started ahead against one at a time");
            figures.addAll(new ChildSweepParallelism(settings).measure());
        }
        if (only.contains("B9")) {
            progress(print, "B9 a sample-like sweep in four shards against the whole sweep");
            figures.addAll(new ShardedSweep(settings).measure());
        }
        if (only.contains("B10")) {
            progress(print, "B10 a role's whole contract battery against its plain crash sweep");
            figures.addAll(new ContractBattery(settings).measure());
        }
        if (only.contains("B11")) {
            progress(print, "B11 a sample-like sweep pruned against the same sweep at every point");
            figures.addAll(new PrunedSweep(settings).measure());
        }
        // by number (B10 after B9), stable: variants stay in order
        figures.sort(Comparator.comparingInt(
                figure -> Integer.parseInt(figure.id().split(" ")[0].substring(1))));
        double minutes = (System.nanoTime() - start) / 6e10;
        String table = ResultsTable.render(figures);
        if (print) {
            System.out.println();
            System.out.print(table);
        }
        Map<String, Object> environment = environment(settings, agent, minutes);
        List<String> notes = notes(settings);
        ResultsJson.write(out.resolve("results.json"), environment, figures, notes);
        writeMarkdown(out.resolve("results.md"), environment, table, notes);
        if (print) {
            System.out.println();
            System.out.println("Results: " + out.resolve("results.json").toAbsolutePath() + " and results.md");
        }
        return figures;
    }

    private static Map<String, Object> environment(RunSettings settings, AgentJar agent, double minutes) {
        Map<String, Object> environment = new LinkedHashMap<>();
        environment.put("when", Instant.now().toString());
        environment.put("mode", settings.smoke() ? "smoke (numbers meaningless)" : "full");
        environment.put("settings", settings.toString());
        environment.put("java", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        environment.put(
                "os",
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch"));
        environment.put("cpus", Runtime.getRuntime().availableProcessors());
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        environment.put("databases in", tmp.toString());
        try {
            environment.put("databases filesystem", Files.getFileStore(tmp).type());
        } catch (IOException e) {
            environment.put("databases filesystem", "unknown (" + e.getMessage() + ")");
        }
        environment.put("agent jar", agent.path().toString() + " (" + agent.kind() + ")");
        environment.put("minutes", Math.round(minutes * 10) / 10.0);
        return environment;
    }

    private static List<String> notes(RunSettings settings) {
        List<String> notes = new ArrayList<>();
        if (settings.smoke()) {
            notes.add("SMOKE RUN: one tiny iteration of everything to prove it executes; the numbers mean nothing.");
        }
        notes.add("Every figure is the median over repeated runs with its 25th-75th percentile; every baseline was"
                + " measured in the same run. JMH figures: SampleTime samples pooled over " + settings.jmhRounds()
                + " rounds of interleaved forks (each compared benchmark one fork per round). Child-JVM figures:"
                + " whole processes timed from the parent, variants interleaved round by round after an untimed"
                + " warm-up round.");
        notes.add("SQLite files live in java.io.tmpdir (WAL, synchronous=FULL): commit cost is the disk's fsync.");
        return notes;
    }

    private static void writeMarkdown(Path file, Map<String, Object> environment, String table, List<String> notes) {
        StringBuilder markdown = new StringBuilder("# DeliveryKit benchmark results\n\n");
        environment.forEach((key, value) ->
                markdown.append("- ").append(key).append(": ").append(value).append('\n'));
        markdown.append('\n').append(table).append('\n');
        notes.forEach(note -> markdown.append("- ").append(note).append('\n'));
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.writeString(file, markdown, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("could not write " + file, e);
        }
    }

    private static void progress(boolean print, String step) {
        if (print) {
            System.err.println("[benchmarks] " + step);
            System.err.flush();
        }
    }
}
