package dev.deliverykit.internal.instrument;

import dev.deliverykit.internal.instrument.JdbcCall.Kind;
import dev.deliverykit.internal.instrument.JdbcCall.Timing;
import dev.deliverykit.internal.instrument.JdbcCall.TransactionEnd;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import javax.sql.DataSource;

/**
 * Turns the woven JDBC calls into {@link JdbcCall} events for the run, while one is active: only the outermost
 * call of a thread is an event ({@link CallDepth}); after a crash, the calls of threads outside the dead process
 * go on untouched, but a use of a connection the crash closed is refused ({@link ConnectionLedger}). An entry
 * that returns {@code true} is balanced by its exit.
 */
final class JdbcEvents {

    private static final Map<String, String> CONNECTION_OPERATIONS = Map.of(
            "createStatement", "Connection.createStatement()",
            "prepareStatement", "Connection.prepareStatement()",
            "prepareCall", "Connection.prepareCall()",
            "setAutoCommit", "Connection.setAutoCommit()");

    private JdbcEvents() {}

    // ---- Statement.execute* ---------------------------------------------------------------------

    /** Entry to {@code execute*}; returns whether the exit must balance the depth. */
    static boolean statementEnter(Object statement, Object sqlArgument) {
        BoundarySink current = RunSink.current();
        if (current == null || !(statement instanceof Statement) || RunSink.outsideTheDeadProcess(current)) {
            return false;
        }
        CallDepth depth = CallDepth.current();
        if (depth.enter() > 0) {
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
            depth.exit(); // the woven exit does not run when the entry throws
            throw crashOrInjectedFailure;
        }
        return true;
    }

    /** Exit from {@code execute*} (normal or exceptional). */
    static void statementExit(Object statement, Object sqlArgument, Throwable thrown) {
        if (CallDepth.current().exit() > 0) {
            return;
        }
        BoundarySink current = RunSink.current();
        if (current == null) {
            return;
        }
        current.leftJdbc();
        if (thrown == null) {
            JdbcCall call;
            try {
                call = statementCall(Timing.AFTER, statement, sqlArgument);
                if (!(sqlArgument instanceof String)) {
                    SqlMemory.batchCleared(statement); // executeBatch() clears the batch
                }
            } catch (RuntimeException | Error bug) {
                current.kitFailure("Statement.execute", bug);
                return;
            }
            current.afterJdbc(call);
        }
    }

    /** {@code Statement.addBatch(String)} ({@code sql} is its argument) or {@code clearBatch()} (null). */
    static void batch(Object statement, Object sql) {
        if (sql == null) {
            SqlMemory.batchCleared(statement);
        } else if (RunSink.current() != null) {
            SqlMemory.batchAdded(statement, sql);
        }
    }

    private static JdbcCall statementCall(Timing timing, Object statement, Object sqlArgument) {
        String sql = SqlMemory.sqlOf(statement, sqlArgument);
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

    /** Entry to a connection method that creates or prepares a statement. */
    static boolean connectionUseEnter(Object connection, String method) {
        if (!(connection instanceof Connection)) {
            return false; // a JDBC-shaped class that is not a connection after all
        }
        if (RunSink.outsideTheDeadProcess(RunSink.current())) {
            ConnectionLedger.refuseIfKilled(connection, connectionOperation(method));
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
        String known = CONNECTION_OPERATIONS.get(method);
        return known != null ? known : "Connection." + method + "()";
    }

    /** Exit from a connection method that creates or prepares a statement. */
    static void connectionUseExit(Object returned, Object sqlArgument, Throwable thrown) {
        if (CallDepth.current().exit() == 0) {
            BoundarySink current = RunSink.current();
            if (current != null) {
                current.leftJdbc();
            }
        }
        if (thrown == null) {
            SqlMemory.prepared(returned, sqlArgument);
        }
    }

    // ---- Connection.commit() / rollback() --------------------------------------------------------

    /** Entry to {@code commit()} or {@code rollback()}. */
    static boolean transactionEnter(Object connection, String method) {
        if (!(connection instanceof Connection)) {
            return false;
        }
        if (RunSink.outsideTheDeadProcess(RunSink.current())) {
            if ("commit".equals(method)) {
                ConnectionLedger.refuseIfKilled(connection, "Connection.commit()");
            }
            return false;
        }
        return enterJdbc(transactionCall(Timing.BEFORE, connection, method));
    }

    /** Exit from {@code commit()} or {@code rollback()}. */
    static void transactionExit(Object connection, String method, Throwable thrown) {
        if (CallDepth.current().exit() > 0) {
            return;
        }
        BoundarySink current = RunSink.current();
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
        BoundarySink current = RunSink.current();
        if (current == null) {
            return false;
        }
        CallDepth depth = CallDepth.current();
        if (depth.enter() > 0) {
            return true;
        }
        try {
            current.beforeJdbc(call);
        } catch (Throwable crashOrInjectedFailure) { // an injected SQLException too, thrown unchecked
            depth.exit();
            throw crashOrInjectedFailure;
        }
        return true;
    }

    // ---- Driver.connect, DataSource.getConnection --------------------------------------------------

    /**
     * Entry to a call whose inner JDBC calls are not events (such as {@code Driver.connect}); the outermost one is
     * told to the calling thread's process, which also hears of it while no run is active but the process is followed.
     */
    static boolean nestedEnter(Object target) {
        BoundarySink current = RunSink.current();
        ProcessContext context = Processes.current();
        if (current == null && context == null) {
            return false;
        }
        if (current != null && target instanceof DataSource) {
            current.dataSourceUsed(target);
        }
        if (CallDepth.current().enter() == 0 && context != null) {
            context.process().openingConnection();
        }
        return true;
    }

    /** Exit from a call entered with {@link #nestedEnter}. */
    static void nestedExit() {
        if (CallDepth.current().exit() == 0) {
            ProcessContext context = Processes.current();
            if (context != null) {
                context.process().leftJdbc();
            }
        }
    }

    // ---- Connection constructors -----------------------------------------------------------------

    /** Entry to a connection constructor: a dead process may not open connections (even nested). */
    static void connectionConstructing(Class<?> type) {
        BoundarySink current = RunSink.current();
        if (current != null && Connection.class.isAssignableFrom(type) && !RunSink.outsideTheDeadProcess(current)) {
            current.beforeJdbc(new JdbcCall(
                    Kind.CONNECTION_OPEN,
                    Timing.BEFORE,
                    null,
                    TransactionEnd.NONE,
                    null,
                    "new " + type.getName() + "(...)"));
        }
    }

    /** A connection was constructed, in or outside a run: into the ledger, and told to the run. */
    static void opened(Object connection) {
        ConnectionLedger.opened(connection);
        BoundarySink current = RunSink.current();
        if (Dispatcher.switchedOn() && current != null) {
            current.connectionCreated(connection);
        }
    }

    // ---- Guarded calls -----------------------------------------------------------------------------

    /** After a crash: a guarded call; the dead process may not read on or set up statements. */
    static void guardedUsed(String operation) {
        BoundarySink current = RunSink.current();
        if (current == null
                || RunSink.outsideTheDeadProcess(current)
                || CallDepth.current().inside()) {
            return;
        }
        current.beforeJdbc(new JdbcCall(Kind.GUARDED, Timing.BEFORE, null, TransactionEnd.NONE, null, operation));
    }
}
