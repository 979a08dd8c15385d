package dev.deliverykit.benchmarks.process;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.deliverykit.junit5.DeliveryKitConfiguration;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
     * Runs the class once with these configuration parameters.
     *
     * @throws IllegalStateException unless exactly {@code expectedTests} tests ran and all passed
     */
    public Timed run(Map<String, String> configuration, int expectedTests) {
        return run(configuration, expectedTests, expectedTests + " tests");
    }

    /**
     * Runs the class once with these configuration parameters, as many tests as it has (such as a sweep whose cases
     * the benchmark does not know beforehand).
     *
     * @throws IllegalStateException unless at least one test ran and all passed
     */
    public Timed run(Map<String, String> configuration) {
        return run(configuration, -1, "all its tests");
    }

    private Timed run(Map<String, String> configuration, int expectedTests, String expected) {
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
        TestExecutionSummary summary = listener.getSummary();
        long succeeded = summary.getTestsSucceededCount();
        if (summary.getTotalFailureCount() > 0 || succeeded == 0 || expectedTests >= 0 && succeeded != expectedTests) {
            StringWriter failures = new StringWriter();
            summary.printFailuresTo(new PrintWriter(failures), 20);
            throw new IllegalStateException(testClass.getSimpleName() + " with " + configuration + " should pass "
                    + expected + ", but " + summary.getTestsSucceededCount() + " passed and "
                    + summary.getTotalFailureCount() + " failed; a benchmark of broken cases measures nothing.\n"
                    + failures);
        }
        return new Timed(millis, times.durations(), times.ids());
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
