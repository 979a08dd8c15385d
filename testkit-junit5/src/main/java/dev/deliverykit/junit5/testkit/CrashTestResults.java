package dev.deliverykit.junit5.testkit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.Events;

/**
 * What a {@link CrashTestKit} run reported. A <em>case</em> is one invocation of a test (a crash case, the
 * crash-free run of a sweep, a delivery order; a plain {@code @Test} counts as one case too), named by its
 * display name, such as {@code [2] crash at after-outbox-insert #1}. Assert on it with
 * {@link CrashTestKitAssertions#assertThat(CrashTestResults)}; JUnit's own events stay at hand for anything else.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class CrashTestResults {

    /** The report entry of a sweep case's equivalent points, as the kit publishes it. */
    private static final String EQUIVALENTS = "deliverykit.equivalents";

    private static final String AFTER_DEATH = "deliverykit.afterDeath";

    private final EngineExecutionResults results;

    CrashTestResults(EngineExecutionResults results) {
        this.results = results;
    }

    /** The display names of the cases that passed, in the order they finished. */
    public List<String> succeededCases() {
        return names(results.testEvents().succeeded());
    }

    /** The display names of the cases that failed, in the order they finished. */
    public List<String> failedCases() {
        return names(results.testEvents().failed());
    }

    /** The display names of the cases that were aborted (a failed assumption), in the order they finished. */
    public List<String> abortedCases() {
        return names(results.testEvents().aborted());
    }

    /** The display names of the cases that started, in the order they started. */
    public List<String> startedCases() {
        return names(results.testEvents().started());
    }

    /** The failure of the failed case named {@code displayName}, if there is one. */
    public Optional<Throwable> failureOf(String displayName) {
        return results.testEvents().failed().stream()
                .filter(event -> event.getTestDescriptor().getDisplayName().equals(displayName))
                .findFirst()
                .map(CrashTestResults::throwable);
    }

    /**
     * The points a sweep case named {@code displayName} stands for, equivalent to its own (see
     * {@link dev.deliverykit.junit5.CrashSweep}), such as {@code before commit #1 in OrderService.placeOrder}, in
     * order; empty for a case that stands for none, and for a name no case has.
     */
    public List<String> equivalentsOf(String displayName) {
        return entryLines(displayName, EQUIVALENTS);
    }

    /**
     * What the dead process of the in-process case named {@code displayName} still tried after its death, each call
     * refused before it reached a database, such as {@code the workload caught the crash and returned normally} or
     * {@code statement "INSERT INTO audit ..." on thread main at Relay.markFailed(Relay.java:61) was refused}; no
     * verdict. Empty for a case whose dead process tried nothing, for a real exit, and for a name no case has.
     */
    public List<String> afterDeathOf(String displayName) {
        return entryLines(displayName, AFTER_DEATH);
    }

    private List<String> entryLines(String displayName, String key) {
        return results.testEvents().reportingEntryPublished().stream()
                .filter(event -> event.getTestDescriptor().getDisplayName().equals(displayName))
                .map(event -> event.getRequiredPayload(ReportEntry.class)
                        .getKeyValuePairs()
                        .get(key))
                .filter(Objects::nonNull)
                .findFirst()
                .map(lines -> List.of(lines.split("\n")))
                .orElse(List.of());
    }

    /** Every failure of a case or a container (a test class, a test template), in the order they were reported. */
    public List<Throwable> failures() {
        return results.allEvents().failed().stream()
                .map(CrashTestResults::throwable)
                .toList();
    }

    /** The failures of containers (a test class, a test template), in the order they were reported. */
    public List<Throwable> containerFailures() {
        return results.containerEvents().failed().stream()
                .map(CrashTestResults::throwable)
                .toList();
    }

    /** JUnit's events of the cases, for what this class does not say. */
    public Events testEvents() {
        return results.testEvents();
    }

    /** JUnit's events of the containers. */
    public Events containerEvents() {
        return results.containerEvents();
    }

    /** JUnit's events of cases and containers. */
    public Events allEvents() {
        return results.allEvents();
    }

    private static List<String> names(Events events) {
        return events.stream()
                .map(event -> event.getTestDescriptor().getDisplayName())
                .toList();
    }

    private static Throwable throwable(Event event) {
        return event.getRequiredPayload(TestExecutionResult.class)
                .getThrowable()
                .orElseThrow();
    }

    @Override
    public String toString() {
        return "CrashTestResults[started " + startedCases().size() + ", succeeded "
                + succeededCases().size() + ", failed " + failedCases().size() + ", aborted "
                + abortedCases().size() + "]";
    }
}
