package dev.deliverykit.junit5.internal.execution;

/** The first line of a case's failure for its violated invariants, checked in the test or declared on its class. */
final class InvariantFailureMessages {

    private InvariantFailureMessages() {}

    /**
     * {@code 1 of 2 invariants declared with @CheckInvariant violated after crash at boundary-1 #1 and recovery:}.
     *
     * @param declared whether the invariants are the class's {@code @CheckInvariant} fields, not the test's own
     *     {@code scenario.assertHolds(...)}
     * @param uncheckable whether some could not be checked at all
     * @param afterWhat what ran before the check, ending with a colon, as {@link CaseRun#afterWhat()} says
     */
    static String violated(int failed, int total, boolean declared, boolean uncheckable, String afterWhat) {
        return failed + " of " + total + (total == 1 ? " invariant" : " invariants")
                + (declared ? " declared with @CheckInvariant" : "")
                + (uncheckable ? " violated or could not be checked" : " violated") + " after " + afterWhat;
    }
}
