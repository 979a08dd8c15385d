package dev.deliverykit.internal.instrument;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.sql.Connection;
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
 * lock, no thread-local; the JIT inlines the call. Opening a connection reads a second flag, whether a process
 * outside any run (a recovery) is followed. One exception: an idle {@code prepareStatement} or
 * {@code prepareCall} remembers the new statement's SQL in a weak identity map (a small allocation and a
 * short lock), so that a statement prepared before a run, and executed in it, still hits its statement
 * boundaries. Everything else is the slow path, reached only while a run is active. Ordered delivery's
 * entry-point advice reads {@link DeliveryDispatcher#active} itself. The bridge holds no control:
 * {@link EngineControls} switches it on and off for the engine.
 *
 * <p><b>Nesting.</b> A connection pool's statement wraps the driver's statement, and a driver may call
 * its own public methods; both would be instrumented. A per-thread depth counter makes only the
 * outermost JDBC call an event. The engine's own clean-up calls run {@linkplain EngineControls#unobserved nested}.
 */
@API(status = INTERNAL, since = "0.1")
public final class Dispatcher {

    /** Whether a run is active; the only field the woven code reads on the fast path. */
    private static volatile boolean active;

    private Dispatcher() {}

    /** For {@link EngineControls}, which alone switches the bridge on and off. */
    static void switchOn() {
        active = true;
    }

    static void switchOff() {
        active = false;
    }

    /** Whether a run receives the events; for the bridge's collaborators, which run only behind it. */
    static boolean switchedOn() {
        return active;
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

    /**
     * Entry to {@code Driver.connect(String, Properties)} or {@code DataSource.getConnection(...)}; also while only a
     * process outside any run is followed, whose threads opening connections are working.
     */
    public static boolean enterNested(Object target) {
        return (active || Processes.tracking()) && JdbcEvents.nestedEnter(target);
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
