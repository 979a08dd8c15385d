package dev.deliverykit.junit5.testkit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on the failure of one case (or container) of a {@link CrashTestKit} run, reached through
 * {@link CrashTestResultsAssert}; messages are compared whole, as the kit's own tests do.
 *
 * <pre>{@code
 * assertThat(results).hasSingleFailedCase("[3] crash after commit #4")
 *         .withExceptionInstanceOf(AssertionFailedError.class)
 *         .withMessage("... \n\nDeliveryKit case: crash after commit #4 (in process)\n"
 *                 + "Replay only this case: -Ddeliverykit.replay='selector=after-commit;hit=4'");
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class FailureAssert extends AbstractAssert<FailureAssert, Throwable> {

    private final String source;

    FailureAssert(Throwable actual, String source) {
        super(actual, FailureAssert.class);
        this.source = source;
    }

    /** Verifies the whole message. */
    public FailureAssert withMessage(String expected) {
        if (!expected.equals(actual.getMessage())) {
            failWithActualExpectedAndMessage(actual.getMessage(), expected, "%nExpecting the message of %s (%s):%n  %s%n"
                    + "to be:%n  %s", source, actual.getClass().getName(), actual.getMessage(), expected);
        }
        return myself;
    }

    /** Verifies that the message starts with {@code expected}. */
    public FailureAssert withMessageStartingWith(String expected) {
        String message = String.valueOf(actual.getMessage());
        if (!message.startsWith(expected)) {
            failWithMessage("%nExpecting the message of %s (%s):%n  %s%nto start with:%n  %s", source,
                    actual.getClass().getName(), message, expected);
        }
        return myself;
    }

    /** Verifies that the message contains every one of {@code parts}. */
    public FailureAssert withMessageContaining(String... parts) {
        String message = String.valueOf(actual.getMessage());
        for (String part : parts) {
            if (!message.contains(part)) {
                failWithMessage("%nExpecting the message of %s (%s):%n  %s%nto contain:%n  %s", source,
                        actual.getClass().getName(), message, part);
            }
        }
        return myself;
    }

    /** Verifies that the failure is an instance of {@code type}. */
    public FailureAssert withExceptionInstanceOf(Class<? extends Throwable> type) {
        if (!type.isInstance(actual)) {
            failWithMessage("%nExpecting %s to be an instance of:%n  %s%nbut it was:%n  %s", source, type.getName(),
                    actual);
        }
        return myself;
    }

    /** The failure itself, for anything else: its cause, its suppressed exceptions, its stack. */
    public Throwable failure() {
        return actual;
    }
}
