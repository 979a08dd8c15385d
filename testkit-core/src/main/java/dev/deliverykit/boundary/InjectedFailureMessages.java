package dev.deliverykit.boundary;

/**
 * The texts of the failures a {@link dev.deliverykit.Fault#FAILURE} run injects: what the failed call did and did not
 * do, as the code under test reads it in the exception it catches, and that the kit injected it.
 */
final class InjectedFailureMessages {

    private InjectedFailureMessages() {}

    /** A JDBC call that failed before {@code operation} reached the database. */
    static String lostBefore(String operation) {
        return "the connection was lost before " + operation
                + " reached the database: nothing of it was applied, and its open transaction rolled back";
    }

    /** A commit that the database applied before its answer was lost. */
    static String lostAfterCommit() {
        return "the database applied the commit, then the connection was lost before its answer: the commit's"
                + " outcome is unknown to the caller (it was applied)";
    }

    /** A JDBC call whose answer was lost after the database ran {@code operation}. */
    static String lostAfter(String operation) {
        return "the database ran " + operation + ", then the connection was lost before its answer: an open"
                + " transaction rolled back; in auto-commit the statement was applied";
    }

    /** The message of the {@code SQLException} of a JDBC call that failed at {@code where} as {@code what} says. */
    static String connectionLost(String where, String what) {
        return "Connection lost (a failure injected by DeliveryKit at " + where + "; the process lives on): " + what
                + ".";
    }

    /** A call leaving the process, {@code call}, that failed before anything left. */
    static String outsideBefore(String call) {
        return call + " failed before anything left the process";
    }

    /** A call leaving the process, {@code call}, that failed after its bytes left. */
    static String outsideAfter(String call) {
        return call + " left the process, then failed before it returned";
    }

    /** A watched method that failed at its entry. */
    static String methodBefore(String signature) {
        return signature + " failed before it ran";
    }

    /** A watched method that ran and failed at its exit. */
    static String methodAfter(String signature) {
        return signature + " ran (its effect happened), then failed as on a timeout before its answer";
    }

    /** A watched method that ended with {@code thrown} and failed at its exit. */
    static String methodAfterThrowing(String signature, Object thrown) {
        return signature + " ended with " + thrown + ", then failed as on a timeout before its answer";
    }

    /** The message of a failure, {@code what}, injected at {@code where} into a call that is not JDBC. */
    static String injected(String what, String where) {
        return what + " (a failure injected by DeliveryKit at " + where + "; the process lives on).";
    }
}
