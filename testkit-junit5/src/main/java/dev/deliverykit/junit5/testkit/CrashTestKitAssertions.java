package dev.deliverykit.junit5.testkit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * The entry point of the test kit's assertions, in AssertJ's style; import it statically next to
 * {@code org.assertj.core.api.Assertions}.
 *
 * <pre>{@code
 * import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
 *
 * assertThat(results).hasNumberOfSucceededCases(4)
 *         .hasSingleFailedCase("[2] crash at after-outbox-insert #1")
 *         .withMessageStartingWith("1 of 1 invariant declared with @CheckInvariant violated");
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class CrashTestKitAssertions {

    private CrashTestKitAssertions() {
    }

    /** Assertions on the cases of a {@link CrashTestKit} run. */
    public static CrashTestResultsAssert assertThat(CrashTestResults actual) {
        return new CrashTestResultsAssert(actual);
    }
}
