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
import dev.deliverykit.benchmarks.process.SpringContextCase;
import dev.deliverykit.benchmarks.report.FailedStep;
import dev.deliverykit.benchmarks.report.Figure;
import dev.deliverykit.benchmarks.report.LoadAverage;
import dev.deliverykit.benchmarks.report.ReadmeRows;
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
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The one entry point: measures B1 to B12, prints the Markdown table and writes {@code results.json} and
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
    public static final List<String> ALL =
            List.of("B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9", "B10", "B11", "B12");

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

    /**
     * One step of the run: the figures it measures and how. A step that throws costs only its own figures: they
     * are recorded as failed, with the reason, and the run goes on.
     *
     * @param label   what the progress line says
     * @param figures the figures it measures (its {@code measure} returns rows of these and only these)
     * @param measure measures them
     */
    record Step(String label, Set<String> figures, Supplier<List<Figure>> measure) {}

    /** The steps, in the order they run, measuring what {@code only} names. */
    static List<Step> steps(RunSettings settings, AgentJar agent, Set<String> only) {
        InProcessFigures inProcess = new InProcessFigures(settings, agent);
        List<Step> steps = List.of(
                new Step(
                        "B1 and B6 crash cases, their floor and the sweep (JMH, interleaved forks)",
                        Set.of("B1", "B6"),
                        () -> inProcess.crashCases(only.contains("B1"), only.contains("B6"))),
                new Step(
                        "B2 real-process crash cases, bare JUnit children and the JUnit face",
                        Set.of("B2"),
                        () -> new RealProcessCrash(settings, agent).measure()),
                new Step(
                        "B3 armed, never-hit runs (JMH, interleaved forks with and without agent)",
                        Set.of("B3"),
                        inProcess::b3),
                new Step(
                        "B4 engine installation in child JVMs",
                        Set.of("B4"),
                        () -> new EngineStartup(settings, agent).measure()),
                new Step("B5 throughput (JMH, interleaved forks)", Set.of("B5"), inProcess::b5),
                new Step(
                        "B7 ours vs Byteman (BMUnit 5) in JUnit child JVMs",
                        Set.of("B7"),
                        () -> new JUnitToolComparison(settings, agent).measure()),
                new Step(
                        "B8 child-process sweep, children started ahead against one at a time",
                        Set.of("B8"),
                        () -> new ChildSweepParallelism(settings).measure()),
                new Step(
                        "B9 a sample-like sweep in four shards against the whole sweep",
                        Set.of("B9"),
                        () -> new ShardedSweep(settings).measure()),
                new Step(
                        "B10 a role's whole contract battery against its plain crash sweep",
                        Set.of("B10"),
                        () -> new ContractBattery(settings).measure()),
                new Step(
                        "B11 a sample-like sweep pruned against the same sweep at every point",
                        Set.of("B11"),
                        () -> new PrunedSweep(settings).measure()),
                new Step(
                        "B12 a Spring Boot application's crash case in a child JVM against in this JVM",
                        Set.of("B12"),
                        () -> new SpringContextCase(settings).measure()));
        return steps.stream()
                .filter(step -> step.figures().stream().anyMatch(only::contains))
                .toList();
    }

    /**
     * Measures the chosen figures step by step, rewriting the results after each, and returns the figures. A
     * step that throws is recorded as failed and the others still run; the smoke run then throws, with every
     * failure's reason, so that {@code mvn verify} fails on it.
     */
    public static List<Figure> run(RunSettings settings, Set<String> only, Path out) {
        if (!ALL.containsAll(only)) {
            throw new IllegalArgumentException("unknown figures " + only + "; known: " + ALL);
        }
        AgentJar agent = AgentJar.locate();
        return run(settings, agent, steps(settings, agent, only), out);
    }

    /** Runs {@code steps} as {@link #run(RunSettings, Set, Path)} does. */
    static List<Figure> run(RunSettings settings, AgentJar agent, List<Step> steps, Path out) {
        long start = System.nanoTime();
        String loadAtStart = LoadAverage.nowText();
        List<Figure> figures = new ArrayList<>();
        List<FailedStep> failed = new ArrayList<>();
        // The smoke run (mvn verify) stays quiet: its numbers mean nothing, and a green build should not print
        // "missed"; it writes the files all the same.
        boolean print = !settings.smoke();
        Throwable firstFailure = null;
        for (int i = 0; i < steps.size(); i++) {
            Step step = steps.get(i);
            long stepStart = System.nanoTime();
            progress(
                    print,
                    "step " + (i + 1) + "/" + steps.size() + ": " + step.label() + " (load " + LoadAverage.nowText()
                            + ")");
            try {
                figures.addAll(step.measure().get());
                progress(print, "  done in " + minutes(stepStart) + " min");
            } catch (RuntimeException | Error e) {
                if (e instanceof VirtualMachineError) {
                    throw e;
                }
                FailedStep failure = FailedStep.of(step.label(), step.figures(), e);
                failed.add(failure);
                firstFailure = firstFailure == null ? e : firstFailure;
                progress(
                        print,
                        "  FAILED after " + minutes(stepStart) + " min, its figures not measured: " + failure.reason());
                if (print) {
                    e.printStackTrace();
                }
            }
            write(out, settings, agent, start, loadAtStart, figures, failed);
        }
        String table = write(out, settings, agent, start, loadAtStart, figures, failed);
        if (print) {
            System.out.println();
            System.out.print(table);
            System.out.println();
            System.out.println("Results: " + out.resolve("results.json").toAbsolutePath() + " and results.md");
        }
        if (settings.smoke() && !failed.isEmpty()) {
            throw new IllegalStateException("benchmark steps failed: " + failed, firstFailure);
        }
        return sorted(figures);
    }

    /** Writes results.json and results.md as they stand; returns the Markdown table. */
    private static String write(
            Path out,
            RunSettings settings,
            AgentJar agent,
            long start,
            String loadAtStart,
            List<Figure> figures,
            List<FailedStep> failed) {
        List<Figure> byNumber = sorted(figures);
        String table = ResultsTable.render(byNumber);
        Map<String, Object> environment = environment(settings, agent, (System.nanoTime() - start) / 6e10);
        environment.put("load average at start (1, 5, 15 min)", loadAtStart);
        environment.put("load average at end (1, 5, 15 min)", LoadAverage.nowText());
        List<String> notes = notes(settings);
        ResultsJson.write(out.resolve("results.json"), environment, byNumber, failed, notes);
        writeMarkdown(
                out.resolve("results.md"), environment, table, failed, ReadmeRows.render(byNumber, failed), notes);
        return table;
    }

    /** By number (B10 after B9), stable: variants stay in order. */
    private static List<Figure> sorted(List<Figure> figures) {
        List<Figure> sorted = new ArrayList<>(figures);
        sorted.sort(Comparator.comparingInt(
                figure -> Integer.parseInt(figure.id().split(" ")[0].substring(1))));
        return sorted;
    }

    private static String minutes(long since) {
        return String.format(Locale.ROOT, "%.1f", (System.nanoTime() - since) / 6e10);
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

    private static void writeMarkdown(
            Path file,
            Map<String, Object> environment,
            String table,
            List<FailedStep> failed,
            String readmeRows,
            List<String> notes) {
        StringBuilder markdown = new StringBuilder("# DeliveryKit benchmark results\n\n");
        environment.forEach((key, value) ->
                markdown.append("- ").append(key).append(": ").append(value).append('\n'));
        markdown.append('\n').append(table).append('\n');
        if (!failed.isEmpty()) {
            markdown.append("## Failed steps (their figures not measured)\n\n");
            failed.forEach(step -> markdown.append("- ")
                    .append(step.step())
                    .append(' ')
                    .append(step.figures().stream().sorted().toList())
                    .append(": ")
                    .append(step.reason())
                    .append('\n'));
            markdown.append('\n');
        }
        notes.forEach(note -> markdown.append("- ").append(note).append('\n'));
        markdown.append("\n## For the README\n\n")
                .append("The rows of the README's performance table from this run (load average ")
                .append(environment.get("load average at start (1, 5, 15 min)"))
                .append(" at start, ")
                .append(environment.get("load average at end (1, 5, 15 min)"))
                .append(" at end):\n\n")
                .append(readmeRows);
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
