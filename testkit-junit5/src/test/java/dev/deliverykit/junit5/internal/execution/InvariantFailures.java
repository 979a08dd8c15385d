package dev.deliverykit.junit5.internal.execution;

/**
 * The first line of a failure for violated invariants, declared with {@code @CheckInvariant} or checked by the test's
 * own {@code scenario.assertHolds(...)}, for the tests of other packages and modules that expect a whole failure: they say which invariants and which case, and leave the wording to the one test that pins
 * it ({@code InvariantFailureMessagesTests}).
 */
public final class InvariantFailures {

    private InvariantFailures() {}

    /**
     * The header of {@code failed} violated invariants of the {@code total} declared, after {@code afterWhat}.
     *
     * @param afterWhat what ran before the check, such as {@code crash after commit #1 and recovery:}
     */
    public static String declared(int failed, int total, String afterWhat) {
        return InvariantFailureMessages.violated(failed, total, true, false, afterWhat);
    }

    /** As {@link #declared}, where some of them could not be checked at all. */
    public static String declaredOrUncheckable(int failed, int total, String afterWhat) {
        return InvariantFailureMessages.violated(failed, total, true, true, afterWhat);
    }

    /**
     * The header of {@code failed} violated invariants of the {@code total} that the test checked itself with
     * {@code scenario.assertHolds(...)}, after {@code afterWhat}.
     */
    public static String checked(int failed, int total, String afterWhat) {
        return InvariantFailureMessages.violated(failed, total, false, false, afterWhat);
    }
}
