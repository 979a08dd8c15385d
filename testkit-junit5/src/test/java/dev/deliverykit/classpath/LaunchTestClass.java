package dev.deliverykit.classpath;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * The main class of {@link AgentJarAloneTest}'s child JVM: runs the test class {@code args[0]} through the JUnit
 * Platform Launcher, as a build tool would, prints one line per finished test (and per failed container) and the
 * counts, and exits 0 only if at least one test ran and none failed.
 */
public final class LaunchTestClass implements TestExecutionListener {

    private LaunchTestClass() {}

    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        if (test.isTest() || result.getStatus() != TestExecutionResult.Status.SUCCESSFUL) {
            System.out.println((test.isTest() ? "test " : "container ") + test.getDisplayName() + ": "
                    + result.getStatus()
                    + result.getThrowable().map(failure -> " " + failure).orElse(""));
        }
    }

    public static void main(String[] args) throws ClassNotFoundException {
        Launcher launcher = LauncherFactory.create();
        SummaryGeneratingListener summary = new SummaryGeneratingListener();
        launcher.execute(
                LauncherDiscoveryRequestBuilder.request()
                        .selectors(selectClass(Class.forName(args[0])))
                        .build(),
                summary,
                new LaunchTestClass());
        TestExecutionSummary counts = summary.getSummary();
        System.out.println(
                "tests found " + counts.getTestsFoundCount() + ", succeeded " + counts.getTestsSucceededCount()
                        + ", failed " + counts.getTestsFailedCount() + ", aborted " + counts.getTestsAbortedCount());
        System.exit(counts.getTestsSucceededCount() > 0 && counts.getTotalFailureCount() == 0 ? 0 : 1);
    }
}
