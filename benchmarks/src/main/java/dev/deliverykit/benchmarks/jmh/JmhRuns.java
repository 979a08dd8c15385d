package dev.deliverykit.benchmarks.jmh;

import dev.deliverykit.benchmarks.RunSettings;
import dev.deliverykit.benchmarks.report.Measurement;
import java.util.Collection;
import java.util.List;
import java.util.regex.Pattern;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.openjdk.jmh.util.Statistics;

/**
 * Runs one JMH benchmark method in its own fork with exactly the given JVM options (nothing inherited
 * from this JVM, so a fork without the agent really has none; the smoke run uses no fork) and returns the median and quartiles of its
 * per-operation samples ({@code SampleTime}), in milliseconds.
 *
 * <pre>{@code
 * Measurement m = new JmhRuns(RunSettings.fullRun()).measure(CrashCaseBenchmark.class, "rawSameCommits",
 *         List.of(), "raw commits");
 * }</pre>
 */
public final class JmhRuns {

    private final RunSettings settings;

    /** With these iteration counts. */
    public JmhRuns(RunSettings settings) {
        this.settings = settings;
    }

    /**
     * Measures {@code benchmark.method} in one fork started with {@code jvmArgs}.
     *
     * @throws IllegalStateException if the benchmark failed (JMH's error is the cause)
     */
    public Measurement measure(Class<?> benchmark, String method, List<String> jvmArgs, String what) {
        Options options = new OptionsBuilder()
                .include("^" + Pattern.quote(benchmark.getName() + "." + method) + "$")
                .forks(settings.jmhForks())
                .jvmArgs(jvmArgs.toArray(new String[0]))
                .warmupIterations(settings.jmhWarmups())
                .warmupTime(TimeValue.milliseconds(settings.jmhIterationMillis()))
                .measurementIterations(settings.jmhIterations())
                .measurementTime(TimeValue.milliseconds(settings.jmhIterationMillis()))
                .shouldFailOnError(true)
                .verbosity(settings.smoke() ? VerboseMode.SILENT : VerboseMode.NORMAL)
                .build();
        Collection<RunResult> results;
        try {
            results = new Runner(options).run();
        } catch (RunnerException e) {
            throw new IllegalStateException("JMH benchmark " + benchmark.getSimpleName() + "." + method + " failed: "
                    + e.getMessage(), e);
        }
        if (results.size() != 1) {
            throw new IllegalStateException("JMH ran " + results.size() + " benchmarks for " + benchmark.getSimpleName()
                    + "." + method + ", expected exactly 1; check the method name");
        }
        RunResult result = results.iterator().next();
        Statistics statistics = result.getPrimaryResult().getStatistics();
        double toMillis = millisPer(result.getPrimaryResult().getScoreUnit());
        return new Measurement(what, "ms", statistics.getPercentile(50) * toMillis,
                statistics.getPercentile(25) * toMillis, statistics.getPercentile(75) * toMillis, statistics.getN());
    }

    private static double millisPer(String scoreUnit) {
        return switch (scoreUnit) {
            case "ms/op" -> 1;
            case "us/op" -> 1e-3;
            case "ns/op" -> 1e-6;
            case "s/op" -> 1e3;
            default -> throw new IllegalStateException("unexpected JMH score unit " + scoreUnit
                    + "; the benchmarks use SampleTime with a time unit");
        };
    }
}
