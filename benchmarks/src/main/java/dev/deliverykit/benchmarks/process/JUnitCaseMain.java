package dev.deliverykit.benchmarks.process;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;

/**
 * A child JVM's main that runs one JUnit class through the JUnit Platform launcher, as a surefire fork
 * would, and prints how long each test took (including its before/after-each callbacks, where BMUnit
 * injects and removes rules):
 * <pre>
 * CLASS_SETUP 812345678
 * CASE 1 41234567
 * CASE 2 39876543
 * SUMMARY 2 0
 * </pre>
 * {@code CLASS_SETUP} is the time from the test class's start to its first test's start: class-level
 * extension callbacks (BMUnit loads its agent there) and {@code @BeforeAll} methods.
 * Exit code 0 when every test passed and at least one ran (exactly {@code tests}, when given), 1 otherwise
 * (failures printed).
 */
public final class JUnitCaseMain {

    private JUnitCaseMain() {}

    /** {@code JUnitCaseMain <test class> [tests]}. */
    public static void main(String[] args) {
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(selectClass(args[0]))
                .build();
        Launcher launcher = LauncherFactory.create();
        CaseTimes times = new CaseTimes();
        SummaryGeneratingListener summary = new SummaryGeneratingListener();
        launcher.execute(request, times, summary);
        if (times.classStarted != 0 && times.firstTestStarted != 0) {
            System.out.println("CLASS_SETUP " + (times.firstTestStarted - times.classStarted));
        }
        for (int i = 0; i < times.durations.size(); i++) {
            System.out.println("CASE " + (i + 1) + " " + times.durations.get(i));
        }
        long succeeded = summary.getSummary().getTestsSucceededCount();
        long failed = summary.getSummary().getTotalFailureCount();
        System.out.println("SUMMARY " + succeeded + " " + failed);
        System.out.flush();
        if (failed > 0 || succeeded == 0) {
            summary.getSummary().printFailuresTo(new PrintWriter(System.err, true), 40);
            System.exit(1);
        }
        if (args.length > 1 && succeeded != Long.parseLong(args[1])) {
            // A skipped or undiscovered test would leave fewer cases to time than the figure says.
            System.err.println(args[0] + " should pass " + args[1] + " tests, but " + succeeded + " passed");
            System.exit(1);
        }
        System.exit(0);
    }

    /** Start-to-finish time of every test, in execution order. */
    private static final class CaseTimes implements TestExecutionListener {
        private final Map<String, Long> started = new ConcurrentHashMap<>();
        private final List<Long> durations = new ArrayList<>();
        private volatile long classStarted;
        private volatile long firstTestStarted;

        @Override
        public void executionStarted(TestIdentifier test) {
            long now = System.nanoTime();
            if (test.isTest()) {
                started.put(test.getUniqueId(), now);
                if (firstTestStarted == 0) {
                    firstTestStarted = now;
                }
            } else if (classStarted == 0
                    && test.getSource().filter(ClassSource.class::isInstance).isPresent()) {
                classStarted = now;
            }
        }

        @Override
        public void executionFinished(TestIdentifier test, TestExecutionResult result) {
            if (test.isTest()) {
                long end = System.nanoTime();
                synchronized (durations) {
                    durations.add(end - started.remove(test.getUniqueId()));
                }
            }
        }
    }
}
