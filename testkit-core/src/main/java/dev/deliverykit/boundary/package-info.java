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
 *       method's entry or exits; optionally only within a {@link dev.deliverykit.boundary.Place} (a method on
 *       the stack), and only the Nth occurrence.</li>
 *   <li>{@link dev.deliverykit.boundary.Boundary} and {@link dev.deliverykit.boundary.BoundaryCatalogue}:
 *       named selectors.</li>
 *   <li>{@link dev.deliverykit.boundary.CrashPlan}: a boundary and the hit to die at.</li>
 *   <li>{@link dev.deliverykit.boundary.BoundaryEngine}: crash in this JVM or in a child JVM, or record
 *       every hit of a crash-free run.</li>
 * </ul>
 *
 * <p><b>Known limits.</b>
 * <ul>
 *   <li>In-process crashes unwind: {@code catch} and {@code finally} blocks of the code under test still
 *       run (their JDBC calls fail on the closed connections, so they cannot commit anything, but
 *       non-JDBC side effects such as files or in-memory state do happen). A child-process crash is the
 *       ground truth.</li>
 *   <li>A statement prepared before the engine instrumented the JDBC driver (before this JVM's first
 *       engine run, in a JVM without {@code -javaagent}) has unknown SQL and matches no statement selector
 *       (the not-reached message counts them). Statements prepared later are known, in or outside a run,
 *       so a statement cache kept across runs is fine. Multi-statement strings ({@code "UPDATE ...; COMMIT"}) are
 *       one statement and are not recognised as a commit.</li>
 *   <li>A commit implied by {@code setAutoCommit(true)}, or by {@code close()}, is not a commit boundary.</li>
 *   <li>Method selectors instrument the named class only: name the class that declares the method with
 *       a body, not an interface or a subclass; constructors cannot be selected.</li>
 *   <li>Classes loaded by a class loader that cannot see the kit (or by the bootstrap loader) are not
 *       instrumented; a run reports them.</li>
 *   <li>Connections are tracked when constructed or used during the run; a pooled physical connection
 *       opened before the run is killed only through the wrapper the run used.</li>
 *   <li>One in-process run at a time per JVM; child-process runs may run in parallel.</li>
 * </ul>
 *
 * <p>This package knows nothing of any test framework; failures are {@link java.lang.AssertionError}s
 * and {@link java.lang.IllegalArgumentException}s with messages that say what happened, where, what was
 * expected and how to fix it.
 */
package dev.deliverykit.boundary;
