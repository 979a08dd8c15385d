package dev.deliverykit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * What happens to the process at its boundary. A crash and a failure find different bugs.
 *
 * <ul>
 *   <li>{@link #CRASH}: the process dies there. Nothing runs after its death, so the case is judged only by what
 *       survives: recovery, assertions and invariants. It finds what a death between two commits loses or doubles.</li>
 *   <li>{@link #FAILURE}: the call fails there and the process lives on, handling the failure as in production
 *       (retries, compensations, error paths), before recovery, assertions and invariants judge. It finds the bugs
 *       that live in failure handling: a relay that catches a failed send and marks the message sent, a service that
 *       retries a commit that had in fact been applied, a consumer that acknowledges before its effect.</li>
 * </ul>
 *
 * <p>Where a failure is injected decides what failed: before a statement or commit, the connection is lost before the
 * call reached the database (nothing of it applied, the transaction rolled back); after a commit, the database applied
 * it and the connection was lost before its answer (SQLState {@code 08007}, the outcome unknown to the caller); after
 * a statement, it ran and the connection was lost (its transaction rolled back, or applied in auto-commit); at the
 * entry of a watched method, the call fails before it runs; at its exit, it ran (its effect happened) and then fails
 * as on a timeout.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum Fault {
    /** The process dies at the boundary, in this JVM or as a real exit ({@link CrashMode}). */
    CRASH,
    /** The call at the boundary fails, and the process lives on. */
    FAILURE
}
