package dev.deliverykit.internal.instrument;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.internal.instrument.JdbcCall.Kind;
import dev.deliverykit.internal.instrument.JdbcCall.Timing;
import dev.deliverykit.internal.instrument.JdbcCall.TransactionEnd;
import java.lang.ref.WeakReference;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.sql.DataSource;
import org.apiguardian.api.API;

/**
 * The static entry point that woven code calls. It is public only because the calls are woven into
 * driver and application classes in other packages.
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

    private static volatile BoundarySink sink;
    /** Whether the run's process died: only then are result-set calls checked. */
    private static volatile boolean dead;

    private static final ThreadLocal<int[]> DEPTH = ThreadLocal.withInitial(() -> new int[1]);
    private static final WeakIdentityMap<String> PREPARED_SQL = new WeakIdentityMap<>();
    private static final WeakIdentityMap<List<String>> BATCHED_SQL = new WeakIdentityMap<>();
    private static final Map<String, MethodOrigin> ORIGINS = new ConcurrentHashMap<>();
    /** Every connection constructed since the weaving began, in or outside a run: who opened it. */
    private static final WeakIdentityMap<OpenedBy> CONNECTIONS = new WeakIdentityMap<>();
    /** Connections a crash closed, with what they belonged to. */
    private static final WeakIdentityMap<String> KILLED = new WeakIdentityMap<>();

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
        dead = deadProcess;
        sink = runSink;
        active = true;
        Processes.wrapTasks();
        BootstrapBridge.outsideHook(Dispatcher::outside);
    }

    /** Stops delivering events; woven code is back on its fast path. */
    public static synchronized void deactivate() {
        Processes.stopWrappingTasks();
        BootstrapBridge.outsideHook(null);
        active = false;
        sink = null;
        dead = false;
    }

    /** Stops delivering events if {@code runSink} still receives them (a dead process that outlived its run). */
    public static synchronized void deactivateIf(BoundarySink runSink) {
        if (sink == runSink) {
            deactivate();
        }
    }

    /** Whether {@code runSink} still receives the events (it may outlive its run, to refuse a dead process). */
    public static boolean isActive(BoundarySink runSink) {
        return active && sink == runSink;
    }

    /** The run's process died: from now on result-set calls are checked too. */
    public static void processDied() {
        dead = true;
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
        KILLED.put(connection, why);
    }

    /**
     * A use outside the dead process (recovery) of a connection the crash closed: fails at once with what
     * happened and how to fix it, as the {@link SQLException} a closed connection gets from its driver
     * (SQLState 08003, connection does not exist, so that pools evict it).
     */
    private static void refuseIfKilled(Object connection, String operation) {
        String why = KILLED.get(connection);
        if (why != null) {
            Dispatcher.<RuntimeException>sneakyThrow(new SQLException(
                    "DeliveryKit: " + operation + " on a connection"
                            + " that " + why
                            + " and the crash closed. It was handed out again after the crash: a connection"
                            + " pool shared by the run and the restart gave recovery a connection of the dead process"
                            + " without validating it. Fix: build that DataSource in scenario.restart(...) (a fresh pool for"
                            + " the fresh process), or use a pool that validates connections on borrow (HikariCP pools are"
                            + " evicted by the kit).",
                    "08003"));
        }
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> void sneakyThrow(Throwable failure) throws T {
        throw (T) failure;
    }

    /** Forgets a connection that is closed for good, so that later crashes do not look at it again. */
    public static void forget(Object connection) {
        CONNECTIONS.remove(connection);
    }

    /** Every live connection the weaving has seen constructed, with who opened it. */
    public static List<Map.Entry<Object, OpenedBy>> connections() {
        return CONNECTIONS.entries();
    }

    /** Runs {@code work} (the engine's own JDBC calls) without producing events or dead-process checks. */
    public static void unobserved(Runnable work) {
        int[] depth = DEPTH.get();
        depth[0]++;
        try {
            work.run();
        } finally {
            depth[0]--;
        }
    }

    // ---- called by woven code (see Weaver); the argument order suits the injected bytecode --------

    /** Entry to {@code execute*}: whether the exit must balance the depth. */
    public static boolean enterStatement(Object statement, Object sqlArgument) {
        return active && statementEnter(statement, sqlArgument);
    }

    /** Exit from {@code execute*}, normal ({@code thrown == null}) or exceptional. */
    public static void exitStatement(Throwable thrown, boolean entered, Object statement, Object sqlArgument) {
        if (entered) {
            statementExit(statement, sqlArgument, thrown);
        }
    }

    /** Normal exit from {@code addBatch(String)} ({@code sql} is its argument) or {@code clearBatch()} (null). */
    public static void exitBatch(Object statement, Object sql) {
        if (active) {
            if (sql == null) {
                batchCleared(statement);
            } else {
                batchAdded(statement, sql);
            }
        }
    }

    /** Entry to {@code createStatement}, {@code setAutoCommit}, {@code prepareStatement}, {@code prepareCall}. */
    public static boolean enterConnectionUse(Object connection, String method) {
        return active && connectionUseEnter(connection, method);
    }

    /** Exit from {@code prepareStatement(String, ...)} / {@code prepareCall(String, ...)}. */
    public static void exitPrepare(Object returned, Throwable thrown, boolean entered, Object sqlArgument) {
        if (entered) {
            connectionUseExit(returned, sqlArgument, thrown);
        } else if (thrown == null) {
            prepared(returned, sqlArgument);
        }
    }

    /** Exit from {@code createStatement(...)} or {@code setAutoCommit(...)}. */
    public static void exitCreateStatement(Throwable thrown, boolean entered) {
        if (entered) {
            connectionUseExit(null, null, thrown);
        }
    }

    /** Entry to {@code commit()} or {@code rollback()}. */
    public static boolean enterTransaction(Object connection, String method) {
        return active && transactionEnter(connection, method);
    }

    /** Exit from {@code commit()} or {@code rollback()}. */
    public static void exitTransaction(Throwable thrown, boolean entered, Object connection, String method) {
        if (entered) {
            transactionExit(connection, method, thrown);
        }
    }

    /** Entry to {@code Driver.connect(String, Properties)} or {@code DataSource.getConnection(...)}. */
    public static boolean enterNested(Object target) {
        return active && nestedEnter(target);
    }

    /** Exit from a call entered with {@link #enterNested(Object)}, normal or exceptional. */
    public static void exitNested(boolean entered) {
        if (entered) {
            nestedExit();
        }
    }

    /** Entry to a connection constructor (before its super constructor call). */
    public static void enterConnectionConstructor(Class<?> type) {
        if (active) {
            connectionConstructing(type);
        }
    }

    /** The same for class files older than Java 5, which cannot load a class constant: the caller's class. */
    public static void enterConnectionConstructorOfCaller() {
        if (active) {
            connectionConstructing(StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE)
                    .getCallerClass());
        }
    }

    /** Normal exit from a connection constructor: remembered in or outside a run (a crash kills it). */
    public static void exitConnectionConstructor(Object connection) {
        if (connection instanceof Connection) {
            opened(connection);
        }
    }

    /** Entry to a guarded call ({@code ResultSet.next()}, {@code PreparedStatement.setString(...)}, ...). */
    public static void enterGuarded(String operation) {
        if (dead) {
            guardedUsed(operation);
        }
    }

    /** Entry to a watched method; {@code origin} is {@code type|method|descriptor}. */
    public static void enterMethod(String origin) {
        if (active) {
            methodEnter(origin);
        }
    }

    /** Exit from a watched method, normal ({@code thrown == null}) or exceptional. */
    public static void exitMethod(Throwable thrown, String origin) {
        if (active) {
            methodExit(origin, thrown);
        }
    }

    // ---- Statement.execute* ---------------------------------------------------------------------

    /** While a run is active: entry to {@code execute*}; returns whether the exit must balance the depth. */
    private static boolean statementEnter(Object statement, Object sqlArgument) {
        BoundarySink current = sink;
        if (current == null || !(statement instanceof Statement) || outsideTheDeadProcess(current)) {
            return false;
        }
        int[] depth = DEPTH.get();
        if (depth[0]++ > 0) {
            return true;
        }
        JdbcCall call;
        try {
            call = statementCall(Timing.BEFORE, statement, sqlArgument);
        } catch (RuntimeException | Error bug) {
            current.kitFailure("Statement.execute", bug);
            return true;
        }
        try {
            current.beforeJdbc(call);
        } catch (Throwable crashOrInjectedFailure) { // an injected SQLException too, thrown unchecked
            depth[0]--; // the woven exit does not run when the entry throws
            throw crashOrInjectedFailure;
        }
        return true;
    }

    /**
     * After a crash, whether the calling thread is outside the dead process (recovery, the invariants, other
     * code): its calls go on untouched, without building events the dead run would drop anyway.
     */
    private static boolean outsideTheDeadProcess(BoundarySink current) {
        if (!dead) {
            return false;
        }
        ProcessContext context = Processes.current();
        return context == null
                || (context.process() != current && !context.process().isDead());
    }

    /** While a run is active: exit from {@code execute*} (normal or exceptional). */
    private static void statementExit(Object statement, Object sqlArgument, Throwable thrown) {
        int[] depth = DEPTH.get();
        if (--depth[0] > 0) {
            return;
        }
        BoundarySink current = sink;
        if (current == null) {
            return;
        }
        current.leftJdbc();
        if (thrown == null) {
            JdbcCall call;
            try {
                call = statementCall(Timing.AFTER, statement, sqlArgument);
                if (!(sqlArgument instanceof String)) {
                    BATCHED_SQL.remove(statement); // executeBatch() clears the batch
                }
            } catch (RuntimeException | Error bug) {
                current.kitFailure("Statement.execute", bug);
                return;
            }
            current.afterJdbc(call);
        }
    }

    /** While a run is active: {@code Statement.addBatch(String)}. */
    private static void batchAdded(Object statement, Object sql) {
        if (sink != null && statement instanceof Statement && sql instanceof String) {
            synchronized (BATCHED_SQL) {
                List<String> batch = BATCHED_SQL.get(statement);
                if (batch == null) {
                    batch = new ArrayList<>();
                    BATCHED_SQL.put(statement, batch);
                }
                batch.add(SqlText.normalise((String) sql));
            }
        }
    }

    /** While a run is active: {@code Statement.clearBatch()}. */
    private static void batchCleared(Object statement) {
        BATCHED_SQL.remove(statement);
    }

    private static JdbcCall statementCall(Timing timing, Object statement, Object sqlArgument) {
        String sql;
        if (sqlArgument instanceof String) {
            sql = SqlText.normalise((String) sqlArgument);
        } else {
            sql = PREPARED_SQL.get(statement);
            if (sql == null) {
                List<String> batch = BATCHED_SQL.get(statement);
                sql = batch == null ? null : String.join("; ", batch);
            }
        }
        TransactionEnd end = sql == null ? TransactionEnd.NONE : SqlText.transactionEnd(sql);
        return new JdbcCall(Kind.STATEMENT, timing, sql, end, connectionOf(statement), "Statement.execute");
    }

    private static Object connectionOf(Object statement) {
        if (!(statement instanceof Statement)) {
            return null;
        }
        try {
            return ((Statement) statement).getConnection(); // nested: the depth is already above zero
        } catch (SQLException | RuntimeException closed) {
            return null; // a closed statement has no connection to track; the driver will say why
        }
    }

    // ---- Connection.createStatement / prepareStatement / prepareCall -----------------------------

    /** While a run is active: entry to a connection method that creates or prepares a statement. */
    private static boolean connectionUseEnter(Object connection, String method) {
        if (!(connection instanceof Connection)) {
            return false; // a JDBC-shaped class that is not a connection after all
        }
        if (outsideTheDeadProcess(sink)) {
            refuseIfKilled(connection, connectionOperation(method));
            return false; // recovery after a crash: its calls go on untouched
        }
        return enterJdbc(new JdbcCall(
                Kind.CONNECTION_USE,
                Timing.BEFORE,
                null,
                TransactionEnd.NONE,
                connection,
                connectionOperation(method)));
    }

    /** {@code Connection.createStatement()} and the like, without building the text at every call. */
    private static String connectionOperation(String method) {
        switch (method) {
            case "createStatement":
                return "Connection.createStatement()";
            case "prepareStatement":
                return "Connection.prepareStatement()";
            case "prepareCall":
                return "Connection.prepareCall()";
            case "setAutoCommit":
                return "Connection.setAutoCommit()";
            default:
                return "Connection." + method + "()";
        }
    }

    /** While a run is active: exit from a connection method that creates or prepares a statement. */
    private static void connectionUseExit(Object returned, Object sqlArgument, Throwable thrown) {
        if (--DEPTH.get()[0] == 0) {
            BoundarySink current = sink;
            if (current != null) {
                current.leftJdbc();
            }
        }
        if (thrown == null) {
            prepared(returned, sqlArgument);
        }
    }

    /**
     * A successful {@code prepareStatement} / {@code prepareCall}, in or outside a run: remembers
     * the statement's SQL (weakly, by identity) so that executing it in a later run matches its selectors.
     */
    private static void prepared(Object statement, Object sqlArgument) {
        if (statement != null && sqlArgument instanceof String) {
            PREPARED_SQL.put(statement, SqlText.normalise((String) sqlArgument));
        }
    }

    // ---- Connection.commit() / rollback() --------------------------------------------------------

    /** While a run is active: entry to {@code commit()} or {@code rollback()}. */
    private static boolean transactionEnter(Object connection, String method) {
        if (!(connection instanceof Connection)) {
            return false;
        }
        if (outsideTheDeadProcess(sink)) {
            if ("commit".equals(method)) {
                refuseIfKilled(connection, "Connection.commit()");
            }
            return false;
        }
        return enterJdbc(transactionCall(Timing.BEFORE, connection, method));
    }

    /** While a run is active: exit from {@code commit()} or {@code rollback()}. */
    private static void transactionExit(Object connection, String method, Throwable thrown) {
        int[] depth = DEPTH.get();
        if (--depth[0] > 0) {
            return;
        }
        BoundarySink current = sink;
        if (current != null) {
            current.leftJdbc();
            if (thrown == null) {
                current.afterJdbc(transactionCall(Timing.AFTER, connection, method));
            }
        }
    }

    private static JdbcCall transactionCall(Timing timing, Object connection, String method) {
        boolean commit = "commit".equals(method);
        return new JdbcCall(
                commit ? Kind.COMMIT : Kind.ROLLBACK,
                timing,
                null,
                commit ? TransactionEnd.COMMIT : TransactionEnd.ROLLBACK,
                connection,
                commit ? "Connection.commit()" : "Connection.rollback()");
    }

    private static boolean enterJdbc(JdbcCall call) {
        BoundarySink current = sink;
        if (current == null) {
            return false;
        }
        int[] depth = DEPTH.get();
        if (depth[0]++ > 0) {
            return true;
        }
        try {
            current.beforeJdbc(call);
        } catch (Throwable crashOrInjectedFailure) { // an injected SQLException too, thrown unchecked
            depth[0]--;
            throw crashOrInjectedFailure;
        }
        return true;
    }

    // ---- Driver.connect ----------------------------------------------------------------------------

    /** Entry to a call whose inner JDBC calls are not events (such as {@code Driver.connect}). */
    private static boolean nestedEnter(Object target) {
        BoundarySink current = sink;
        if (current == null) {
            return false;
        }
        if (target instanceof DataSource) {
            current.dataSourceUsed(target);
        }
        DEPTH.get()[0]++;
        return true;
    }

    /** Exit from a call entered with {@link #nestedEnter()}. */
    private static void nestedExit() {
        DEPTH.get()[0]--;
    }

    // ---- Connection constructors -----------------------------------------------------------------

    /** While a run is active: entry to a connection constructor: a dead process may not open connections (even nested). */
    private static void connectionConstructing(Class<?> type) {
        BoundarySink current = sink;
        if (current != null && Connection.class.isAssignableFrom(type) && !outsideTheDeadProcess(current)) {
            current.beforeJdbc(new JdbcCall(
                    Kind.CONNECTION_OPEN,
                    Timing.BEFORE,
                    null,
                    TransactionEnd.NONE,
                    null,
                    "new " + type.getName() + "(...)"));
        }
    }

    /** A connection was constructed; a connection's super constructor is woven too, hence the check. */
    private static void opened(Object connection) {
        if (CONNECTIONS.get(connection) == null) {
            ProcessContext context = Processes.current();
            CONNECTIONS.put(
                    connection,
                    new OpenedBy(
                            new WeakReference<>(Thread.currentThread()),
                            context == null ? null : context.process(),
                            PoolFrames.opensForAPool(connection.getClass())));
        }
        BoundarySink current = sink;
        if (active && current != null) {
            current.connectionCreated(connection);
        }
    }

    /** After a crash: a guarded call; the dead process may not read on or set up statements. */
    private static void guardedUsed(String operation) {
        BoundarySink current = sink;
        if (current == null || outsideTheDeadProcess(current) || DEPTH.get()[0] > 0) {
            return;
        }
        current.beforeJdbc(new JdbcCall(Kind.GUARDED, Timing.BEFORE, null, TransactionEnd.NONE, null, operation));
    }

    // ---- Calls that leave the JVM ------------------------------------------------------------------

    /**
     * While a run is active, from the JDK's woven sockets, files and HTTP client: a call of a thread of some process
     * (never one inside a JDBC call, whose driver's traffic is the database's, nor one of the kit's or a logger's
     * own, see {@link OutsideFrames}). The sink's own calls (writing a child's report at its halt) are not seen.
     */
    static void outside(Object target, int code) {
        BoundarySink current = sink;
        ProcessContext context = Processes.current();
        if (current == null || context == null || !context.process().observesOutsideCalls()) {
            return;
        }
        int[] depth = DEPTH.get();
        if (depth[0] > 0 || outsideTheDeadProcess(current)) {
            return;
        }
        depth[0]++;
        try {
            OutsideCall call = OutsideCall.of(target, code);
            if (call == null) {
                return;
            }
            OutsideFrames.Caller caller = OutsideFrames.caller();
            if (caller != OutsideFrames.Caller.INFRASTRUCTURE) {
                current.outside(caller == OutsideFrames.Caller.BROKER_CLIENT ? call.byABrokerClient() : call);
            }
        } catch (RuntimeException bug) {
            current.kitFailure("a call that leaves the JVM", bug);
        } finally {
            depth[0]--;
        }
    }

    // ---- Named methods ---------------------------------------------------------------------------

    /**
     * Per thread, the watched methods it is inside during a run, innermost last: an overload that another overload of
     * the same method calls (a client's {@code send(record)} calling {@code send(record, callback)}) is part of that
     * one call, not a second one.
     */
    private static final ThreadLocal<ArrayDeque<Entered>> METHODS_ENTERED = ThreadLocal.withInitial(ArrayDeque::new);

    /**
     * A watched method a thread is inside: its origin, the run that saw it entered, and whether it was reported (an
     * overload inside another is not). An entry of an earlier run is stale (its exit came after that run ended).
     */
    private record Entered(String origin, BoundarySink run, boolean reported) {}

    /** While a run is active: entry to a watched method; {@code origin} is {@code type|method|descriptor}. */
    private static void methodEnter(String origin) {
        BoundarySink current = sink;
        if (current == null || outsideTheDeadProcess(current)) {
            return;
        }
        ArrayDeque<Entered> entered = METHODS_ENTERED.get();
        entered.removeIf(earlier -> earlier.run() != current);
        Entered outer = entered.peekLast();
        if (outer != null && isOtherOverload(outer.origin(), origin)) {
            entered.addLast(new Entered(origin, current, false));
            return;
        }
        MethodOrigin method = ORIGINS.computeIfAbsent(origin, MethodOrigin::parse);
        current.method(method.call(MethodCall.Point.ENTRY, null)); // a crash here leaves no exit to balance
        entered.addLast(new Entered(origin, current, true));
    }

    /** While a run is active: exit from a watched method, normal ({@code thrown == null}) or exceptional. */
    private static void methodExit(String origin, Throwable thrown) {
        BoundarySink current = sink;
        if (current == null || outsideTheDeadProcess(current)) {
            return;
        }
        ArrayDeque<Entered> entered = METHODS_ENTERED.get();
        Entered innermost = entered.peekLast();
        if (innermost != null && innermost.origin().equals(origin)) {
            entered.removeLast();
            if (!innermost.reported()) {
                return;
            }
        }
        MethodOrigin method = ORIGINS.computeIfAbsent(origin, MethodOrigin::parse);
        current.method(
                method.call(thrown == null ? MethodCall.Point.NORMAL_EXIT : MethodCall.Point.EXCEPTIONAL_EXIT, thrown));
    }

    /** Whether two origins ({@code type|method|descriptor}) are different overloads of one method. */
    private static boolean isOtherOverload(String outer, String inner) {
        int bar = outer.lastIndexOf('|');
        return bar == inner.lastIndexOf('|') && outer.regionMatches(0, inner, 0, bar + 1) && !outer.equals(inner);
    }

    /** A woven method's identity, parsed once from the origin string woven into it. */
    private record MethodOrigin(String type, String method, List<String> parameterTypes) {

        static MethodOrigin parse(String origin) {
            String[] parts = origin.split("\\|", 3);
            return new MethodOrigin(parts[0], parts[1], Descriptors.parameterTypeNames(parts[2]));
        }

        MethodCall call(MethodCall.Point point, Throwable thrown) {
            return new MethodCall(point, type, method, parameterTypes, thrown);
        }
    }
}
