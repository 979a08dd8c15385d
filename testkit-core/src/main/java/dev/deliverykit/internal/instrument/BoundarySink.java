package dev.deliverykit.internal.instrument;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.lang.StackWalker.StackFrame;
import java.util.List;
import org.apiguardian.api.API;

/**
 * Receives the events of an active run from the {@link Dispatcher}. Implemented by the engine (outside
 * this package) so that this package knows nothing of boundaries, crash plans or crash modes.
 *
 * <p>Every method is called only while a run is active (the process's own events also while it is followed),
 * on the thread that made the call, and only for the outermost JDBC call on that thread (a pool's wrapper
 * statement and the driver's statement under it are one event). {@link #beforeJdbc} and {@link #method} may
 * throw to crash the calling code at that point; every other method must not throw. The defaults ignore the
 * event: they are for sinks that watch no calls (a followed recovery, whose calls reach no run) or no process
 * (tests of the dispatcher).
 */
@API(status = INTERNAL, since = "0.1")
public interface BoundarySink {

    /** A JDBC statement, commit or rollback is about to run, or a connection method is about to be used. */
    default void beforeJdbc(JdbcCall call) {}

    /** A JDBC statement, commit or rollback returned normally. */
    default void afterJdbc(JdbcCall call) {}

    /**
     * The outermost JDBC call that {@link #beforeJdbc} let through, or a connection opening that
     * {@link #openingConnection} announced, has ended, normally or not.
     */
    default void leftJdbc() {}

    /**
     * A thread of this process (whatever run is active, or none while it is followed) enters
     * {@code Driver.connect} or {@code DataSource.getConnection} outside any other JDBC call: it is inside a JDBC
     * call until {@link #leftJdbc}, also while the driver or the pool waits in there.
     */
    default void openingConnection() {}

    /** A connection object was constructed (its class implements {@code java.sql.Connection}). */
    default void connectionCreated(Object connection) {}

    /** {@code DataSource.getConnection} was called on {@code dataSource} (a pool, perhaps). */
    default void dataSourceUsed(Object dataSource) {}

    /** A method of a watched type was entered, or left normally or by an exception. */
    default void method(MethodCall call) {}

    /**
     * A thread of some process connects, writes to a socket or a file, or sends an HTTP request, or has done so;
     * may throw (a crash, a refused or failed call) before or after it.
     */
    default void outside(OutsideCall call) {}

    /**
     * Whether {@link #outside} would do anything for a call of this process's threads; asked of the calling thread's
     * process before the call is classified (a stack walk), on every socket and file write of a process thread.
     */
    default boolean observesOutsideCalls() {
        return false;
    }

    /** Whether tasks that threads of this run hand to executors become part of its process. */
    default boolean adoptsTask() {
        return false;
    }

    /**
     * What to keep of the calling thread's frames with a task it hands to an executor, to name the task's hits by
     * ({@link ProcessContext#handedBy}); none by default.
     */
    default List<StackFrame> handingFrames() {
        return List.of();
    }

    /** A thread of the process handed a task to an executor; it is pending until it starts. */
    default void taskHandedOver() {}

    /** A task of the process starts ({@code wasPending}: it was counted by {@link #taskHandedOver}). */
    default void taskStarted(boolean wasPending) {}

    /** A thread of the process starts {@code thread}, which belongs to the process too. */
    default void threadStarted(Thread thread) {}

    /** A task of the process ended. */
    default void taskEnded() {}

    /** The kit itself failed while observing {@code where}: a DeliveryKit bug, never the workload's. */
    default void kitFailure(String where, Throwable error) {
        throw new IllegalStateException("DeliveryKit failed internally while observing " + where, error);
    }

    /**
     * Whether {@code process} is this run's process, or one of the instances this run schedules: its threads are
     * observed while it lives, even after another process of the run died.
     */
    default boolean runs(BoundarySink process) {
        return process == this;
    }

    /** Whether this run's process died: its threads' calls are refused, also after the run. */
    default boolean isDead() {
        return false;
    }
}
