package dev.deliverykit.benchmarks.jmh;

import dev.deliverykit.benchmarks.RunSettings;
import dev.deliverykit.benchmarks.report.Measurement;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs JMH benchmark methods that are compared with each other, interleaved: round after round, each job
 * gets one fork (with exactly its own JVM options; nothing is inherited from this JVM, so a fork without
 * the agent really has none). Every job's per-operation samples ({@code SampleTime}) are pooled over its
 * forks, so a change of load on a shared machine hits all jobs of a group alike instead of whichever
 * happened to run then. The smoke run uses one round and no fork.
 *
 * <pre>{@code
 * Map<JmhRuns.Job, Measurement> m = new JmhRuns(settings).measure(List.of(
 *         new JmhRuns.Job(CrashCaseBenchmark.class, "crashRecoverCheck", List.of(agent), "crash case"),
 *         new JmhRuns.Job(CrashCaseBenchmark.class, "rawSameCommits", List.of(), "raw commits")));
 * }</pre>
 */
public final class JmhRuns {

    /**
     * One benchmark method and the JVM options of its forks.
     *
     * @param benchmark the benchmark class
     * @param method    the {@code @Benchmark} method
     * @param jvmArgs   the fork's JVM options
     * @param what      what it measures, in words
     */
    public record Job(Class<?> benchmark, String method, List<String> jvmArgs, String what) {}

    private final RunSettings settings;

    /** With these iteration counts. */
    public JmhRuns(RunSettings settings) {
        this.settings = settings;
    }

    /**
     * Measures every job, interleaved; milliseconds per operation.
     *
     * @throws IllegalStateException if a benchmark failed (JMH's error is the cause)
     */
    public Map<Job, Measurement> measure(List<Job> jobs) {
        return measure(jobs, settings.jmhWarmups());
    }

    /**
     * Measures every job, interleaved, each fork warming up {@code warmups} iterations; milliseconds per
     * operation.
     *
     * @throws IllegalStateException if a benchmark failed (JMH's error is the cause)
     */
    public Map<Job, Measurement> measure(List<Job> jobs, int warmups) {
        Map<Job, SortedMap<Double, Long>> samples = new LinkedHashMap<>();
        jobs.forEach(job -> samples.put(job, new TreeMap<>()));
        for (int round = 0; round < settings.jmhRounds(); round++) {
            for (Job job : jobs) {
                collect(job, warmups, samples.get(job));
            }
        }
        Map<Job, Measurement> measurements = new LinkedHashMap<>();
        samples.forEach((job, counts) -> measurements.put(job, Measurement.ofWeighted(job.what(), "ms", counts)));
        return measurements;
    }

    private void collect(Job job, int warmups, SortedMap<Double, Long> into) {
        Options options = new OptionsBuilder()
                .include("^" + Pattern.quote(job.benchmark().getName() + "." + job.method()) + "$")
                .forks(settings.jmhForks())
                .jvmArgs(job.jvmArgs().toArray(new String[0]))
                .warmupIterations(warmups)
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
            throw new IllegalStateException("JMH benchmark " + name(job) + " failed: " + e.getMessage(), e);
        }
        if (results.size() != 1) {
            throw new IllegalStateException("JMH ran " + results.size() + " benchmarks for " + name(job)
                    + ", expected exactly 1; check the method name");
        }
        RunResult result = results.iterator().next();
        double toMillis = millisPer(result.getPrimaryResult().getScoreUnit());
        Iterator<Map.Entry<Double, Long>> raw =
                result.getPrimaryResult().getStatistics().getRawData();
        while (raw.hasNext()) {
            Map.Entry<Double, Long> sample = raw.next();
            into.merge(sample.getKey() * toMillis, sample.getValue(), Long::sum);
        }
    }

    private static String name(Job job) {
        return job.benchmark().getSimpleName() + "." + job.method();
    }

    private static double millisPer(String scoreUnit) {
        return switch (scoreUnit) {
            case "ms/op" -> 1;
            case "us/op" -> 1e-3;
            case "ns/op" -> 1e-6;
            case "s/op" -> 1e3;
            default ->
                throw new IllegalStateException(
                        "unexpected JMH score unit " + scoreUnit + "; the benchmarks use SampleTime with a time unit");
        };
    }
}
