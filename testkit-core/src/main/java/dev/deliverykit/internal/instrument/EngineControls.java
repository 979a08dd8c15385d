package dev.deliverykit.internal.instrument;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.lang.ref.WeakReference;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongFunction;
import org.apiguardian.api.API;

/**
 * The engine's controls over the weaving: which run receives the woven code's events, and the engine's own calls
 * that must not be events. The engine's run classes steer through it; woven code never calls it, it calls the thin
 * {@link Dispatcher}, whose state only this class switches.
 */
@API(status = INTERNAL, since = "0.1")
public final class EngineControls {

    private EngineControls() {}

    /** Starts delivering events to {@code runSink}. */
    public static synchronized void activate(BoundarySink runSink) {
        deliverTo(runSink, false);
    }

    /**
     * Delivers events to the run of a dead process that outlived its run: only its own threads' calls (and those of
     * other dead processes) reach it, to be refused; everyone else's go on untouched.
     */
    public static synchronized void activateDead(BoundarySink deadSink) {
        // in one step under the lock: no call may pass unrefused between the run's end and its dead sink
        deliverTo(deadSink, true);
    }

    private static void deliverTo(BoundarySink runSink, boolean deadProcess) {
        RunSink.set(runSink, deadProcess);
        Dispatcher.switchOn();
        Processes.wrapTasks();
        BootstrapBridge.outsideHook(OutsideRouting::outside);
    }

    /**
     * Sets (or clears, with {@code null}) what gives the calling thread the kit's clock when its reads of the time
     * are woven ({@code null} from it: the real time); its argument is a sleep's nanoseconds, 0 for a read.
     */
    public static void clockHook(LongFunction<Clock> hook) {
        BootstrapBridge.clockHook(hook);
    }

    /** Stops delivering events; woven code is back on its fast path. */
    public static synchronized void deactivate() {
        Processes.stopWrappingTasks();
        BootstrapBridge.outsideHook(OutsideRouting::idle);
        Dispatcher.switchOff();
        RunSink.clear();
    }

    /** Stops delivering events if {@code runSink} still receives them (a dead process that outlived its run). */
    public static synchronized void deactivateIf(BoundarySink runSink) {
        if (RunSink.current() == runSink) {
            deactivate();
        }
    }

    /**
     * Hooks the JDK's woven calls that leave the JVM while no run is active, so that the servers JDBC connections
     * reach are kept ({@link #jdbcServers}); a run's own hook stays if one is active.
     */
    static synchronized void idleOutsideHook() {
        if (!Dispatcher.switchedOn()) {
            BootstrapBridge.outsideHook(OutsideRouting::idle);
        }
    }

    /**
     * The ports of the local servers (on a loopback address) that this JVM's JDBC connections reached since the JDK's
     * sockets were woven, for a child JVM to compare its own with.
     */
    public static Set<Integer> jdbcServers() {
        return JdbcServers.reached();
    }

    /**
     * In a child JVM: from now on, a JDBC connection to a local server on none of {@code testJvmPorts}, the test JVM's
     * {@link #jdbcServers}, is kept for {@link #jdbcServersOnlyThisJvmReached}.
     */
    public static void compareJdbcServersWith(Set<Integer> testJvmPorts) {
        JdbcServers.compareWith(testJvmPorts);
    }

    /** {@code 127.0.0.1:54321}: each local server this JVM's JDBC connections reached and the test JVM's never did. */
    public static List<String> jdbcServersOnlyThisJvmReached() {
        return JdbcServers.reachedOnlyHere();
    }

    /** Whether any run receives the woven code's events. */
    public static boolean active() {
        return Dispatcher.switchedOn();
    }

    /** The run's process died: from now on result-set calls are checked too. */
    public static void processDied() {
        RunSink.processDied();
    }

    /**
     * Who opened a connection: the thread (held weakly), the run whose process it belonged to, if any, and
     * whether a connection pool opened it (for the pool, which outlives a process).
     */
    public record OpenedBy(WeakReference<Thread> thread, BoundarySink process, boolean byAPool) {

        /** The thread that opened it, or {@code null} once that thread is gone. */
        public Thread opener() {
            return thread.get();
        }
    }

    /**
     * The crash closed {@code connection}; {@code why} says what it belonged to, for the message a later use
     * outside the dead process gets (a pool that hands it out again without validating it).
     */
    public static void killed(Object connection, String why) {
        ConnectionLedger.killed(connection, why);
    }

    /** Forgets a connection that is closed for good, so that later crashes do not look at it again. */
    public static void forget(Object connection) {
        ConnectionLedger.forget(connection);
    }

    /** Every live connection the weaving has seen constructed, with who opened it. */
    public static List<Map.Entry<Object, OpenedBy>> connections() {
        return ConnectionLedger.connections();
    }

    /** Runs {@code work} (the engine's own JDBC calls) without producing events or dead-process checks. */
    public static void unobserved(Runnable work) {
        CallDepth.unobserved(work);
    }

    /**
     * Runs {@code work} (the kit's own calls on a thread of the process, such as a wait's reads) without producing
     * events; refused first, as the process's own calls are, if the process died, so that a wait ends with it.
     * {@code operation} names the work in what the dead process tried.
     */
    public static void unobservedInProcess(String operation, Runnable work) {
        Dispatcher.enterGuarded(operation);
        CallDepth.unobserved(work);
    }
}
