package dev.deliverykit.benchmarks.process;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.deliverykit.junit5.DeliveryKitConfiguration;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * One test class run through the JUnit Platform launcher in this JVM, as a build tool's test JVM runs it, with
 * the kit's report in a given directory and the given configuration parameters; timed whole and per test.
 *
 * <pre>{@code
 * LauncherRun.Timed run = LauncherRun.of(ChildCrashAtCase.class, reports)
 *         .run(Map.of(DeliveryKitConfiguration.CHILD_PARALLELISM, "1"), ChildCrashAtCase.CASES);
 * run.caseMillis();   // start to end of each test, in order
 * }</pre>
 */
public final class LauncherRun {

    private static final String REPORT = "report.json";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Class<?> testClass;
    private final Path reports;
    private final Launcher launcher = LauncherFactory.create();

    private LauncherRun(Class<?> testClass, Path reports) {
        this.testClass = testClass;
        this.reports = reports;
    }

    /** Runs of {@code testClass}, reporting into {@code reports}. */
    public static LauncherRun of(Class<?> testClass, Path reports) {
        return new LauncherRun(testClass, reports);
    }

    /**
     * A timed run.
     *
     * @param millis     the whole launcher execution, discovery included
     * @param caseMillis start to end of each test, in the order the tests finished
     * @param caseIds    the unique id of each test, in the same order
     */
    public record Timed(double millis, List<Double> caseMillis, List<String> caseIds) {}

    /**
     * A run of a class of crash sweeps, with what each sweep's recording said it would run.
     *
     * @param timed  the run
     * @param sweeps each recording's counts, in the order the report lists them
     */
    public record Swept(Timed timed, List<Sweep> sweeps) {}

    /**
     * One sweep's counts, from its recording's row of the kit's {@code report.json} (docs/reports-and-ci.md).
     *
     * @param mode   {@code IN_PROCESS} or {@code CHILD_PROCESS}
     * @param points the crash points the recording reached
     * @param cases  the crash cases the sweep runs for them (fewer when equivalent points are pruned)
     */
    public record Sweep(String mode, int points, int cases) {}

    /**
     * Runs the class once with these configuration parameters.
     *
     * @throws IllegalStateException unless exactly {@code expectedTests} tests ran and all passed
     */
    public Timed run(Map<String, String> configuration, int expectedTests) {
        Executed executed = execute(configuration);
        check(configuration, executed.summary(), expectedTests, expectedTests + " tests");
        return executed.timed();
    }

    /**
     * Runs a class of crash sweeps once, counting its tests from the sweeps themselves: {@code otherTests} plain
     * tests, and per sweep its recording and the crash cases its recording says it runs. The kit decides how many
     * cases a sweep has (it prunes equivalent points), so a count written into the benchmark goes stale when the
     * kit changes, and a count taken from the launcher alone would accept cases that were skipped.
     *
     * @throws IllegalStateException unless every test passed, the kit reported at least one sweep, and the tests are
     *     exactly the plain ones, the recordings and their crash cases
     */
    public Swept runSweeps(Map<String, String> configuration, int otherTests) {
        Path report = reports.resolve(REPORT);
        try {
            // The kit rewrites it at the end of every run; a file left from the last run would count that run.
            Files.deleteIfExists(report);
        } catch (IOException e) {
            throw new UncheckedIOException("could not delete " + report, e);
        }
        Executed executed = execute(configuration);
        if (executed.summary().getTotalFailureCount() > 0) {
            // A failed recording may have counted nothing: the failures say more than the counts would.
            check(configuration, executed.summary(), -1, "all its tests");
        }
        List<Sweep> sweeps = recordings(report, executed.timed().caseIds());
        int expectedTests = otherTests
                + sweeps.stream().mapToInt(sweep -> 1 + sweep.cases()).sum();
        check(
                configuration,
                executed.summary(),
                expectedTests,
                expectedTests + " tests (" + (otherTests == 0 ? "" : otherTests + " plain tests and ")
                        + "per sweep its recording and crash cases, as the kit's report counts them: " + sweeps + ")");
        return new Swept(executed.timed(), sweeps);
    }

    private record Executed(Timed timed, TestExecutionSummary summary) {}

    private Executed execute(Map<String, String> configuration) {
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(selectClass(testClass))
                .configurationParameter(DeliveryKitConfiguration.REPORT_DIR, reports.toString())
                .configurationParameter(DeliveryKitConfiguration.REPORT_SUMMARY, "false")
                .configurationParameters(configuration)
                .build();
        CaseTimes times = new CaseTimes();
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        long start = System.nanoTime();
        launcher.execute(request, times, listener);
        double millis = (System.nanoTime() - start) / 1e6;
        return new Executed(new Timed(millis, times.durations(), times.ids()), listener.getSummary());
    }

    /** Throws unless every test passed and, when {@code expectedTests} is not negative, exactly that many. */
    private void check(
            Map<String, String> configuration, TestExecutionSummary summary, int expectedTests, String expected) {
        long succeeded = summary.getTestsSucceededCount();
        if (summary.getTotalFailureCount() > 0 || succeeded == 0 || expectedTests >= 0 && succeeded != expectedTests) {
            StringWriter failures = new StringWriter();
            summary.printFailuresTo(new PrintWriter(failures), 20);
            throw new IllegalStateException(name() + " with " + configuration + " should pass "
                    + expected + ", but " + succeeded + " passed and " + summary.getTotalFailureCount()
                    + " failed; a benchmark of broken cases measures nothing.\n"
                    + failures);
        }
    }

    /** The sweep counts on the recording rows of this run's tests. */
    private List<Sweep> recordings(Path report, List<String> testIds) {
        if (!Files.isRegularFile(report)) {
            throw new IllegalStateException(
                    "the kit wrote no " + report + " for " + name() + ", so its sweeps' cases cannot be counted");
        }
        JsonNode root;
        try {
            root = JSON.readTree(report.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the kit's report " + report, e);
        }
        Set<String> ran = Set.copyOf(testIds);
        List<Sweep> sweeps = new ArrayList<>();
        for (JsonNode test : root.path("tests")) {
            for (JsonNode row : test.path("cases")) {
                JsonNode sweep = row.path("sweep");
                if (sweep.isObject() && ran.contains(row.path("uniqueId").asText())) {
                    sweeps.add(new Sweep(
                            row.path("mode").asText(),
                            sweep.path("points").asInt(),
                            sweep.path("cases").asInt()));
                }
            }
        }
        if (sweeps.isEmpty()) {
            throw new IllegalStateException(report + " has no sweep recording among the " + testIds.size() + " tests"
                    + " of " + name() + " that ran, so their cases cannot be counted");
        }
        return List.copyOf(sweeps);
    }

    /** The test class's name without its package, a nested class's with its outer class's. */
    String name() {
        return testClass
                .getName()
                .substring(testClass.getPackageName().length() + 1)
                .replace('$', '.');
    }

    /** Start-to-end time of every test, in execution order. */
    private static final class CaseTimes implements TestExecutionListener {
        private final Map<String, Long> started = new ConcurrentHashMap<>();
        private final List<Double> durations = new ArrayList<>();
        private final List<String> ids = new ArrayList<>();

        @Override
        public void executionStarted(TestIdentifier test) {
            if (test.isTest()) {
                started.put(test.getUniqueId(), System.nanoTime());
            }
        }

        @Override
        public void executionFinished(TestIdentifier test, TestExecutionResult result) {
            if (test.isTest()) {
                long end = System.nanoTime();
                synchronized (durations) {
                    durations.add((end - started.remove(test.getUniqueId())) / 1e6);
                    ids.add(test.getUniqueId());
                }
            }
        }

        List<Double> durations() {
            synchronized (durations) {
                return List.copyOf(durations);
            }
        }

        List<String> ids() {
            synchronized (durations) {
                return List.copyOf(ids);
            }
        }
    }
}
