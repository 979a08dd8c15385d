package dev.deliverykit.junit5.testkit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import java.util.function.Function;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on the cases of a {@link CrashTestKit} run: how many started, passed, failed or were aborted, which
 * ones (by display name, in order), and the failure of one of them ({@link FailureAssert}).
 *
 * <pre>{@code
 * assertThat(results).hasNumberOfStartedCases(5).hasNumberOfSucceededCases(4).hasNumberOfFailedCases(1);
 * assertThat(results).hasSingleFailedCase("[2] crash at boundary-1 #1").withMessage("...");
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class CrashTestResultsAssert extends AbstractAssert<CrashTestResultsAssert, CrashTestResults> {

    CrashTestResultsAssert(CrashTestResults actual) {
        super(actual, CrashTestResultsAssert.class);
    }

    /** Verifies how many cases started. */
    public CrashTestResultsAssert hasNumberOfStartedCases(int expected) {
        return hasNumberOf("started", CrashTestResults::startedCases, expected);
    }

    /** Verifies how many cases passed. */
    public CrashTestResultsAssert hasNumberOfSucceededCases(int expected) {
        return hasNumberOf("succeeded", CrashTestResults::succeededCases, expected);
    }

    /** Verifies how many cases failed. */
    public CrashTestResultsAssert hasNumberOfFailedCases(int expected) {
        return hasNumberOf("failed", CrashTestResults::failedCases, expected);
    }

    /** Verifies how many cases were aborted (a failed assumption). */
    public CrashTestResultsAssert hasNumberOfAbortedCases(int expected) {
        return hasNumberOf("aborted", CrashTestResults::abortedCases, expected);
    }

    /** Verifies how many cases were skipped (a disabled test; a skipped template has no case at all). */
    public CrashTestResultsAssert hasNumberOfSkippedCases(int expected) {
        isNotNull();
        long skipped = actual.testEvents().skipped().count();
        if (skipped != expected) {
            failWithMessage("%nExpecting %s skipped case(s) but %s were skipped%nin %s", expected, skipped, actual);
        }
        return myself;
    }

    /** Verifies how many containers (test classes, test templates) failed. */
    public CrashTestResultsAssert hasNumberOfFailedContainers(int expected) {
        isNotNull();
        List<Throwable> failures = actual.containerFailures();
        if (failures.size() != expected) {
            failWithMessage("%nExpecting %s failed container(s) but %s failed:%n%s", expected, failures.size(),
                    failures);
        }
        return myself;
    }

    /** Verifies the cases that started: exactly these display names, in this order. */
    public CrashTestResultsAssert hasStartedCases(String... displayNames) {
        return hasCases("started", CrashTestResults::startedCases, displayNames);
    }

    /** Verifies the cases that passed: exactly these display names, in this order. */
    public CrashTestResultsAssert hasSucceededCases(String... displayNames) {
        return hasCases("succeeded", CrashTestResults::succeededCases, displayNames);
    }

    /** Verifies the cases that failed: exactly these display names, in this order. */
    public CrashTestResultsAssert hasFailedCases(String... displayNames) {
        return hasCases("failed", CrashTestResults::failedCases, displayNames);
    }

    /** Verifies that exactly one case failed, and goes on to its failure. */
    public FailureAssert hasSingleFailedCase() {
        hasNumberOfFailedCases(1);
        return new FailureAssert(actual.failureOf(actual.failedCases().get(0)).orElseThrow(),
                actual.failedCases().get(0));
    }

    /** Verifies that exactly one case failed, the one named {@code displayName}, and goes on to its failure. */
    public FailureAssert hasSingleFailedCase(String displayName) {
        hasFailedCases(displayName);
        return hasFailedCase(displayName);
    }

    /** Verifies that the case named {@code displayName} failed (others may have too), and goes on to its failure. */
    public FailureAssert hasFailedCase(String displayName) {
        isNotNull();
        return actual.failureOf(displayName).map(failure -> new FailureAssert(failure, displayName))
                .orElseGet(() -> {
                    failWithMessage("%nExpecting a failed case named:%n  %s%nbut the failed cases were:%n  %s",
                            displayName, actual.failedCases());
                    throw new IllegalStateException("unreachable");
                });
    }

    /** Verifies that the run had exactly one failure, of a case or a container, and goes on to it. */
    public FailureAssert hasSingleFailure() {
        isNotNull();
        List<Throwable> failures = actual.failures();
        if (failures.size() != 1) {
            failWithMessage("%nExpecting exactly one failure but got %s:%n%s", failures.size(), failures);
        }
        return new FailureAssert(failures.get(0), "the only failure");
    }

    /** Verifies that exactly one container (a test class, a test template) failed, and goes on to its failure. */
    public FailureAssert hasSingleFailedContainer() {
        hasNumberOfFailedContainers(1);
        return new FailureAssert(actual.containerFailures().get(0), "the failed container");
    }

    private CrashTestResultsAssert hasNumberOf(String what, Function<CrashTestResults, List<String>> cases,
            int expected) {
        isNotNull();
        List<String> names = cases.apply(actual);
        if (names.size() != expected) {
            failWithMessage("%nExpecting %s %s case(s) but %s %s:%n  %s%nin %s", expected, what, names.size(), what,
                    names, actual);
        }
        return myself;
    }

    private CrashTestResultsAssert hasCases(String what, Function<CrashTestResults, List<String>> cases,
            String... displayNames) {
        isNotNull();
        List<String> names = cases.apply(actual);
        if (!names.equals(List.of(displayNames))) {
            failWithActualExpectedAndMessage(names, List.of(displayNames), "%nExpecting the %s cases to be:%n  %s%n"
                    + "but they were:%n  %s", what, List.of(displayNames), names);
        }
        return myself;
    }
}
