package dev.deliverykit.boundary;

import dev.deliverykit.internal.instrument.JdbcCall;
import java.util.List;

/**
 * What makes an in-process run's verdict untrustworthy, first of each kind: a thread outside the process that used
 * JDBC during the run, and a failure of the kit itself while it observed a call. Thread-safe.
 */
final class IsolationBreaches {

    private final List<String> seeThrough;
    private String outsider;
    private String kitFailure;
    private Throwable kitFailureCause;

    IsolationBreaches(List<String> seeThrough) {
        this.seeThrough = seeThrough;
    }

    /**
     * A thread outside the process made a JDBC call during the run: the run cannot say what the crash
     * did to it, so the run fails (the call itself goes on untouched). Statements and commits count; opening
     * and setting up connections do not, nor anything a connection pool's own code does (validation queries,
     * initialisation SQL), which belongs to no process.
     */
    synchronized void outsider(JdbcCall call) {
        if (outsider != null || (call.kind() != JdbcCall.Kind.STATEMENT && call.kind() != JdbcCall.Kind.COMMIT)) {
            return;
        }
        if (StackSummary.isPoolMaintenance()) {
            return;
        }
        outsider = ProcessDeath.describe(call) + " on thread "
                + Thread.currentThread().getName()
                + ProcessDeath.at(StackSummary.here(true, seeThrough).stack());
    }

    /** The kit failed while observing {@code where}: a DeliveryKit bug, never the workload's. */
    synchronized void kitFailure(String where, Throwable error) {
        if (kitFailure == null) {
            kitFailure = "while observing " + where + " on thread "
                    + Thread.currentThread().getName() + ": " + error;
            kitFailureCause = error;
        }
    }

    /** The first JDBC call of a thread outside the process, or {@code null}. */
    synchronized String outsider() {
        return outsider;
    }

    /** Where and how the kit first failed, or {@code null}. */
    synchronized String kitFailure() {
        return kitFailure;
    }

    synchronized Throwable kitFailureCause() {
        return kitFailureCause;
    }
}
