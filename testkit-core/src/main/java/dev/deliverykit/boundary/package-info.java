/**
 * The boundary engine: point at a commit boundary in your own delivery code, make the process die
 * exactly there, recover in a fresh process from what was committed, and check your invariants.
 *
 * <pre>{@code
 * BoundaryCatalogue outbox = BoundaryCatalogue.builder("outbox")
 *         .add("after-outbox-insert", Selector.afterStatement("^INSERT INTO outbox"))
 *         .add("after-commit", Selector.afterCommit())
 *         .build();
 *
 * CrashResult crash = BoundaryEngine.get().crashInProcess(
 *         CrashPlan.at(outbox, "after-outbox-insert"), () -> service.placeOrder(order));
 * // crash.replayKey() == "boundary=after-outbox-insert;hit=1"
 * // now recover with new objects on the same database, and check: no order without its outbox row
 * }</pre>
 *
 * <ul>
 *   <li>{@link dev.deliverykit.boundary.Selector}: before/after a statement, a commit or rollback, a
 *       method's entry or exits; optionally only the Nth occurrence.</li>
 *   <li>{@link dev.deliverykit.boundary.Boundary} and {@link dev.deliverykit.boundary.BoundaryCatalogue}:
 *       named selectors.</li>
 *   <li>{@link dev.deliverykit.boundary.CrashPlan}: a boundary and the hit to die at.</li>
 *   <li>{@link dev.deliverykit.boundary.BoundaryEngine}: crash in this JVM or in a child JVM, or record
 *       every hit of a crash-free run.</li>
 * </ul>
 *
 * <p>This package knows nothing of any test framework; failures are {@link java.lang.AssertionError}s
 * and {@link java.lang.IllegalArgumentException}s with messages that say what happened, where, what was
 * expected and how to fix it.
 */
package dev.deliverykit.boundary;
