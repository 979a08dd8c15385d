package dev.deliverykit.boundary;

import dev.deliverykit.internal.instrument.BoundarySink;
import dev.deliverykit.internal.instrument.Dispatcher;
import dev.deliverykit.internal.instrument.JdbcCall;
import dev.deliverykit.internal.instrument.MethodCall;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * One active run: counts the watched boundaries, records hits, and at the armed hit kills the simulated
 * process (in-process) or hands the report to the child to halt. After an in-process crash the process
 * is dead: its connections are closed (so any JDBC use fails in the driver), opening a new connection
 * throws, and the first thing it still reached is remembered to explain a swallowed crash.
 *
 * <p>All state is guarded by {@code this}; connections are closed and throwables thrown outside the
 * lock, so a driver's own locks are never taken while holding it.
 */
final class ActiveRun implements BoundarySink {

    enum Mode {
        CRASH_IN_PROCESS,
        CRASH_HALT,
        RECORD
    }

    private static final class Watched {
        final Boundary boundary;
        /** Watched because the watch list asks for every statement: matches one SQL text only. */
        final boolean everyStatement;
        int matches;
        int hits;

        Watched(Boundary boundary, boolean everyStatement) {
            this.boundary = boundary;
            this.everyStatement = everyStatement;
        }
    }

    private static final Watched[] NONE = new Watched[0];
    private static final Runnable NOTHING = () -> { };
    /** How many SQL texts the every-statement boundaries are kept for across runs (runs repeat the same few). */
    private static final int REMEMBERED_SQL_TEXTS = 4096;
    private static final Map<String, Boundary> EVERY_STATEMENT_BEFORE = new ConcurrentHashMap<>();
    private static final Map<String, Boundary> EVERY_STATEMENT_AFTER = new ConcurrentHashMap<>();

    private final Mode mode;
    private final CrashPlan plan;
    private final WatchList watch;
    private final Consumer<RunReport> halt;
    /** The boundaries given (named ones, transaction ends, the armed one), in the order they were given. */
    private final List<Watched> watched = new ArrayList<>();
    private final Map<String, Watched> byName = new HashMap<>();
    /** Per SQL text: what its statement matches before / after (selectors are fixed for the run). */
    private final Map<String, Watched[]> matchedBeforeStatement = new HashMap<>();
    private final Map<String, Watched[]> matchedAfterStatement = new HashMap<>();
    /** Per method and point: what the call matches. */
    private final Map<MethodPoint, Watched[]> matchedMethods = new HashMap<>();
    private final Watched armed;
    private final List<BoundaryHit> hits = new ArrayList<>();
    private final Set<Object> connections = Collections.newSetFromMap(new IdentityHashMap<>());
    private int unknownSqlExecutions;
    private int crashIndex = -1;
    private SimulatedCrash crash;
    private String afterDeath;

    ActiveRun(Mode mode, CrashPlan plan, WatchList watch, Consumer<RunReport> halt) {
        this.mode = mode;
        this.plan = plan;
        this.watch = watch;
        this.halt = halt;
        for (Boundary boundary : watch.boundaries()) {
            watch(boundary, false);
        }
        for (Boundary transactionEnd : transactionEnds(watch.transactionsBefore(), watch.transactionsAfter())) {
            watch(transactionEnd, false);
        }
        this.armed = plan == null ? null : watch(plan.boundary(), false);
    }

    /** The commit and rollback boundaries a run watches, by before and after; made once, shared by runs. */
    private static final List<List<Boundary>> TRANSACTION_ENDS = List.of(transactionEndBoundaries(false, false),
            transactionEndBoundaries(false, true), transactionEndBoundaries(true, false),
            transactionEndBoundaries(true, true));

    private static List<Boundary> transactionEnds(boolean before, boolean after) {
        return TRANSACTION_ENDS.get((before ? 2 : 0) + (after ? 1 : 0));
    }

    private static List<Boundary> transactionEndBoundaries(boolean before, boolean after) {
        return Selector.transactionEnds(before, after).stream().map(Boundary::of).toList();
    }

    private Watched watch(Boundary boundary, boolean everyStatement) {
        Watched existing = byName.get(boundary.name());
        if (existing != null) {
            if (!existing.boundary.selector().equals(boundary.selector())) {
                throw new IllegalArgumentException("two different boundaries are both named \"" + boundary.name()
                        + "\": " + existing.boundary.selector().description() + " and "
                        + boundary.selector().description() + "; give them different names");
            }
            return existing;
        }
        Watched fresh = new Watched(boundary, everyStatement);
        if (!everyStatement) {
            watched.add(fresh);
        }
        byName.put(boundary.name(), fresh);
        return fresh;
    }

    // ---- events from the dispatcher --------------------------------------------------------------

    @Override
    public void beforeJdbc(JdbcCall call) {
        Runnable then;
        synchronized (this) {
            if (crash != null) {
                then = afterDeath(call);
            } else {
                track(call.connection());
                if (call.kind() == JdbcCall.Kind.CONNECTION_USE || call.kind() == JdbcCall.Kind.CONNECTION_OPEN) {
                    return;
                }
                if (call.kind() == JdbcCall.Kind.STATEMENT && call.sql() == null) {
                    unknownSqlExecutions++;
                }
                then = onEvent(call, matching(call));
            }
        }
        then.run();
    }

    @Override
    public void afterJdbc(JdbcCall call) {
        Runnable then;
        synchronized (this) {
            if (crash != null) {
                return; // a call already running when the process died; it cannot commit anything now
            }
            then = onEvent(call, matching(call));
        }
        then.run();
    }

    @Override
    public synchronized void connectionCreated(Object connection) {
        track(connection);
    }

    @Override
    public void method(MethodCall call) {
        Runnable then;
        synchronized (this) {
            if (crash != null) {
                if (call.point() == MethodCall.Point.ENTRY && afterDeath == null) {
                    afterDeath = "entry of " + call.signature() + at(StackSummary.here(false));
                }
                return;
            }
            then = onEvent(null, matching(call));
        }
        then.run();
    }

    private void track(Object connection) {
        if (connection != null) {
            connections.add(connection);
        }
    }

    /**
     * The watched boundaries that a JDBC call matches, in the order they were given, then the one that
     * watches every statement of its SQL text. What a statement of a given SQL text matches is worked
     * out once per run: a pipeline runs the same few statements over and over.
     */
    private Watched[] matching(JdbcCall call) {
        if (call.kind() != JdbcCall.Kind.STATEMENT || call.sql() == null) {
            return matching(w -> w.boundary.selector().matches(call));
        }
        boolean before = call.timing() == JdbcCall.Timing.BEFORE;
        return (before ? matchedBeforeStatement : matchedAfterStatement).computeIfAbsent(call.sql(),
                sql -> statementMatches(call, before));
    }

    private Watched[] statementMatches(JdbcCall call, boolean before) {
        Watched[] given = matching(w -> w.boundary.selector().matches(call));
        if (!(before ? watch.statementsBefore() : watch.statementsAfter())) {
            return given;
        }
        Watched every = watch(everyStatement(call.sql(), before), true);
        if (!every.everyStatement || !every.boundary.selector().matches(call)) {
            return given; // the same boundary was given explicitly and is matched already
        }
        Watched[] all = Arrays.copyOf(given, given.length + 1);
        all[given.length] = every;
        return all;
    }

    /** The boundary that watches every statement of {@code sql} before or after it; shared by runs. */
    private static Boundary everyStatement(String sql, boolean before) {
        Map<String, Boundary> known = before ? EVERY_STATEMENT_BEFORE : EVERY_STATEMENT_AFTER;
        Boundary boundary = known.get(sql);
        if (boundary == null) {
            boundary = Boundary.of(before ? Selector.beforeStatementExactly(sql) : Selector.afterStatementExactly(sql));
            if (known.size() < REMEMBERED_SQL_TEXTS) {
                known.put(sql, boundary);
            }
        }
        return boundary;
    }

    /** The watched boundaries a method call matches, worked out once per method and point. */
    private Watched[] matching(MethodCall call) {
        return matchedMethods.computeIfAbsent(new MethodPoint(call.typeName(), call.methodName(),
                call.parameterTypes(), call.point()), point -> matching(w -> w.boundary.selector().matches(call)));
    }

    private record MethodPoint(String typeName, String methodName, List<String> parameterTypes,
            MethodCall.Point point) {
    }

    private Watched[] matching(Predicate<Watched> matches) {
        List<Watched> found = new ArrayList<>();
        for (Watched candidate : watched) {
            if (matches.test(candidate)) {
                found.add(candidate);
            }
        }
        return found.isEmpty() ? NONE : found.toArray(NONE);
    }

    /**
     * Counts and records hits; returns what to do outside the lock (nothing, crash, or halt). The stack is
     * walked only for hits that show it: every hit of a recording (sweeps name their cases by it) and the
     * crash site. A crash run's other hits are counted without it: the walk cost more than the rest of
     * the engine together, at every statement and commit.
     */
    private Runnable onEvent(JdbcCall call, Watched[] matched) {
        List<String> stack = null;
        BoundaryHit site = null;
        for (Watched candidate : matched) {
            candidate.matches++;
            int nth = candidate.boundary.selector().nth();
            if (nth != 0 && candidate.matches != nth) {
                continue;
            }
            candidate.hits++;
            boolean crashesHere = candidate == armed && mode != Mode.RECORD && candidate.hits == plan.occurrence();
            List<String> shown = List.of();
            if (mode == Mode.RECORD || crashesHere) {
                if (stack == null) {
                    stack = StackSummary.here(call != null);
                }
                shown = stack;
            }
            BoundaryHit hit = new BoundaryHit(candidate.boundary, candidate.hits, Thread.currentThread().getName(), shown);
            hits.add(hit);
            if (crashesHere) {
                site = hit;
                crashIndex = hits.size() - 1;
            }
        }
        if (site == null) {
            return NOTHING;
        }
        if (mode == Mode.CRASH_HALT) {
            RunReport report = report(RunReport.Outcome.CRASHED, null, List.of());
            return () -> halt.accept(report);
        }
        return crash(site);
    }

    private Runnable crash(BoundaryHit site) {
        List<Object> victims = new ArrayList<>(connections);
        crash = new SimulatedCrash("Simulated crash at " + plan.describe() + " on thread " + site.threadName()
                + at(site.stack()) + ": the process died here; its JDBC connections (" + victims.size()
                + ") were rolled back and closed.", plan.boundary().name(), plan.occurrence());
        SimulatedCrash thrown = crash;
        return () -> {
            for (Throwable failure : killConnections(victims)) {
                thrown.addSuppressed(failure);
            }
            throw thrown;
        };
    }

    /**
     * The dead process made a JDBC call. Rollbacks and restoring auto-commit are the clean-up of unwinding
     * code (catch and finally blocks) and are let through to the closed connection; anything else is
     * remembered as where the process went on. Every call reaches a closed connection, so the driver fails
     * it; opening a new connection throws here, because the driver would otherwise let a dead process work.
     */
    private Runnable afterDeath(JdbcCall call) {
        boolean cleanUp = call.transactionEnd() == JdbcCall.TransactionEnd.ROLLBACK
                || "Connection.setAutoCommit()".equals(call.operation());
        if (afterDeath == null && !cleanUp) {
            afterDeath = describe(call) + at(StackSummary.here(true));
        }
        if (call.kind() != JdbcCall.Kind.CONNECTION_OPEN) {
            return () -> { };
        }
        SimulatedCrash again = new SimulatedCrash("The simulated process already crashed at " + plan.describe()
                + "; it cannot open a new connection (" + call.operation() + ") after its death.",
                plan.boundary().name(), plan.occurrence());
        return () -> {
            throw again;
        };
    }

    private static String describe(JdbcCall call) {
        switch (call.kind()) {
            case STATEMENT:
                return "statement " + (call.sql() == null ? "(SQL unknown)" : "\"" + call.sql() + "\"");
            case CONNECTION_OPEN:
                return "opening a connection (" + call.operation() + ")";
            default:
                return call.operation();
        }
    }

    private static String at(List<String> stack) {
        return stack.isEmpty() ? "" : " at " + stack.get(0);
    }

    /** Rolls back and closes every connection; failures are returned, never dropped. */
    private static List<Throwable> killConnections(List<Object> victims) {
        List<Throwable> failures = new ArrayList<>();
        Dispatcher.unobserved(() -> {
            for (Object victim : victims) {
                if (victim instanceof Connection) {
                    kill((Connection) victim, failures);
                }
            }
        });
        return failures;
    }

    private static void kill(Connection connection, List<Throwable> failures) {
        try {
            if (connection.isClosed()) {
                return;
            }
            if (!connection.getAutoCommit()) {
                connection.rollback();
            } else {
                // A transaction begun with an explicit BEGIN statement; with none open the driver refuses,
                // which is expected and not a failure of the crash.
                try (Statement statement = connection.createStatement()) {
                    statement.execute("ROLLBACK");
                } catch (SQLException noTransactionOpen) {
                    // nothing was begun
                }
            }
        } catch (SQLException | RuntimeException e) {
            failures.add(e);
        }
        try {
            connection.close();
        } catch (SQLException | RuntimeException e) {
            failures.add(e);
        }
    }

    // ---- results ---------------------------------------------------------------------------------

    synchronized boolean crashed() {
        return crash != null;
    }

    synchronized SimulatedCrash crashThrowable() {
        return crash;
    }

    /** What the run saw, for the engine's verdict or for a child's report file. */
    synchronized RunReport report(RunReport.Outcome outcome, String workloadFailure, List<String> problems) {
        List<String> notes = new ArrayList<>();
        if (unknownSqlExecutions > 0) {
            notes.add(unknownSqlExecutions + " statement execution(s) had unknown SQL: they were prepared before"
                    + " the engine instrumented the JDBC driver (this JVM's first engine run, as it ran without"
                    + " -javaagent), so no statement selector could match them; start the JVM with "
                    + "-javaagent:<testkit-core jar>, or prepare them after the first run");
        }
        return new RunReport(outcome, hits, crashIndex, workloadFailure, afterDeath, notes, problems);
    }
}
