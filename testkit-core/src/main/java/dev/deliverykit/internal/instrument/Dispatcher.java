package dev.deliverykit.internal.instrument;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.lang.ref.WeakReference;
import java.sql.Connection;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * The static entry point that woven code calls: a thin bridge, as Mockito's {@code MockMethodDispatcher} is
 * beside its {@code MockMethodAdvice}. It is public only because the calls are woven into driver and
 * application classes in other packages. The logic is in package-private collaborators: {@link JdbcEvents}
 * (JDBC calls), {@link MethodEvents} (watched methods), {@link OutsideRouting} (calls that leave the JVM),
 * {@link RunSink} (the run that receives them), {@link CallDepth} (nesting), {@link SqlMemory} (statements'
 * SQL) and {@link ConnectionLedger} (connections and who opened them).
 *
 * <p><b>Fast path.</b> Woven code calls only the methods under "called by woven code" below, each of
 * which starts with one volatile read of {@link #active} (an exit starts with the {@code entered} flag its
 * entry returned, or with that read): while no run is active that is all it does, no allocation, no
 * lock, no thread-local; the JIT inlines the call. One exception: an idle {@code prepareStatement} or
 * {@code prepareCall} remembers the new statement's SQL in a weak identity map (a small allocation and a
 * short lock), so that a statement prepared before a run, and executed in it, still hits its statement
 * boundaries. Everything else is the slow path, reached only while a
 * run is active. Ordered delivery's entry-point advice reads {@link DeliveryDispatcher#active} itself.
 *
 * <p><b>Nesting.</b> A connection pool's statement wraps the driver's statement, and a driver may call
 * its own public methods; both would be instrumented. A per-thread depth counter makes only the
 * outermost JDBC call an event. The engine's own clean-up calls run {@linkplain #unobserved nested}.
 */
@API(status = INTERNAL, since = "0.1")
public final class Dispatcher {

    /** Whether a run is active; the only field the woven code reads on the fast path. */
    public static volatile boolean active;

    private Dispatcher() {}

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
        active = true;
        Processes.wrapTasks();
        BootstrapBridge.outsideHook(OutsideRouting::outside);
    }

    /** Stops delivering events; woven code is back on its fast path. */
    public static synchronized void deactivate() {
        Processes.stopWrappingTasks();
        BootstrapBridge.outsideHook(null);
        active = false;
        RunSink.clear();
    }

    /** Stops delivering events if {@code runSink} still receives them (a dead process that outlived its run). */
    public static synchronized void deactivateIf(BoundarySink runSink) {
        if (RunSink.current() == runSink) {
            deactivate();
        }
    }

    /** Whether {@code runSink} still receives the events (it may outlive its run, to refuse a dead process). */
    public static boolean isActive(BoundarySink runSink) {
        return active && RunSink.current() == runSink;
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
        enterGuarded(operation);
        CallDepth.unobserved(work);
    }

    // ---- called by woven code (see DispatcherCalls); the argument order suits the injected bytecode ----

    /** Entry to {@code execute*}: whether the exit must balance the depth. */
    public static boolean enterStatement(Object statement, Object sqlArgument) {
        return active && JdbcEvents.statementEnter(statement, sqlArgument);
    }

    /** Exit from {@code execute*}, normal ({@code thrown == null}) or exceptional. */
    public static void exitStatement(Throwable thrown, boolean entered, Object statement, Object sqlArgument) {
        if (entered) {
            JdbcEvents.statementExit(statement, sqlArgument, thrown);
        }
    }

    /** Normal exit from {@code addBatch(String)} ({@code sql} is its argument) or {@code clearBatch()} (null). */
    public static void exitBatch(Object statement, Object sql) {
        if (active) {
            JdbcEvents.batch(statement, sql);
        }
    }

    /** Entry to {@code createStatement}, {@code setAutoCommit}, {@code prepareStatement}, {@code prepareCall}. */
    public static boolean enterConnectionUse(Object connection, String method) {
        return active && JdbcEvents.connectionUseEnter(connection, method);
    }

    /** Exit from {@code prepareStatement(String, ...)} / {@code prepareCall(String, ...)}. */
    public static void exitPrepare(Object returned, Throwable thrown, boolean entered, Object sqlArgument) {
        if (entered) {
            JdbcEvents.connectionUseExit(returned, sqlArgument, thrown);
        } else if (thrown == null) {
            SqlMemory.prepared(returned, sqlArgument);
        }
    }

    /** Exit from {@code createStatement(...)} or {@code setAutoCommit(...)}. */
    public static void exitCreateStatement(Throwable thrown, boolean entered) {
        if (entered) {
            JdbcEvents.connectionUseExit(null, null, thrown);
        }
    }

    /** Entry to {@code commit()} or {@code rollback()}. */
    public static boolean enterTransaction(Object connection, String method) {
        return active && JdbcEvents.transactionEnter(connection, method);
    }

    /** Exit from {@code commit()} or {@code rollback()}. */
    public static void exitTransaction(Throwable thrown, boolean entered, Object connection, String method) {
        if (entered) {
            JdbcEvents.transactionExit(connection, method, thrown);
        }
    }

    /** Entry to {@code Driver.connect(String, Properties)} or {@code DataSource.getConnection(...)}. */
    public static boolean enterNested(Object target) {
        return active && JdbcEvents.nestedEnter(target);
    }

    /** Exit from a call entered with {@link #enterNested(Object)}, normal or exceptional. */
    public static void exitNested(boolean entered) {
        if (entered) {
            JdbcEvents.nestedExit();
        }
    }

    /** Entry to a connection constructor (before its super constructor call). */
    public static void enterConnectionConstructor(Class<?> type) {
        if (active) {
            JdbcEvents.connectionConstructing(type);
        }
    }

    /** The same for class files older than Java 5, which cannot load a class constant: the caller's class. */
    public static void enterConnectionConstructorOfCaller() {
        if (active) {
            JdbcEvents.connectionConstructing(StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE)
                    .getCallerClass());
        }
    }

    /** Normal exit from a connection constructor: remembered in or outside a run (a crash kills it). */
    public static void exitConnectionConstructor(Object connection) {
        if (connection instanceof Connection) {
            JdbcEvents.opened(connection);
        }
    }

    /** Entry to a guarded call ({@code ResultSet.next()}, {@code PreparedStatement.setString(...)}, ...). */
    public static void enterGuarded(String operation) {
        if (RunSink.processDead()) {
            JdbcEvents.guardedUsed(operation);
        }
    }

    /** Entry to a watched method; {@code origin} is {@code type|method|descriptor}. */
    public static void enterMethod(String origin) {
        if (active) {
            MethodEvents.enter(origin);
        }
    }

    /** Exit from a watched method, normal ({@code thrown == null}) or exceptional. */
    public static void exitMethod(Throwable thrown, String origin) {
        if (active) {
            MethodEvents.exit(origin, thrown);
        }
    }
}
