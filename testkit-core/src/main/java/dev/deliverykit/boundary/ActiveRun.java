package dev.deliverykit.boundary;

import dev.deliverykit.internal.instrument.BoundarySink;
import dev.deliverykit.internal.instrument.JdbcCall;
import dev.deliverykit.internal.instrument.MethodCall;
import dev.deliverykit.internal.instrument.ObservedCall;
import dev.deliverykit.internal.instrument.OutsideCall;
import dev.deliverykit.internal.instrument.ProcessContext;
import dev.deliverykit.internal.instrument.Processes;
import java.lang.StackWalker.StackFrame;
import java.util.List;
import java.util.function.Supplier;

/**
 * One active run: receives its process's calls from the dispatcher, counts the hits of what it watches
 * ({@link WatchTable}), keeps what its kind keeps ({@link RunLedger}), and at the armed hit does what its
 * {@link RunKind} says: kills the simulated process (in-process, {@link ProcessDeath}), injects the failure, or hands
 * the report to the child to halt. Sends wait at the {@link HandOverGate}; dead processes of earlier runs are
 * refused through {@link DeadProcessCalls}.
 *
 * <p>All state is guarded by {@code this}; connections are closed and throwables thrown outside the
 * lock, so a driver's own locks are never taken while holding it.
 */
final class ActiveRun implements BoundarySink {

    /** What to do outside the lock when there is nothing to do. */
    static final Runnable NOTHING = () -> {};

    private final RunKind kind;
    private final WatchTable table;
    private final RunLedger ledger;
    private final ProcessDeath death;
    private final IsolationBreaches breaches;

    private final HandOverGate handOvers = new HandOverGate(this);

    private final RunHits hits;
    /** The workload's own flow on the main thread, set when the run enters the process. */
    private ProcessContext mainFlow;

    private int unknownSqlExecutions;
    /** Whether the failure of a {@link RunKind.Fail} run was injected at its hit. */
    private boolean injected;

    ActiveRun(RunKind kind) {
        this.kind = kind;
        List<String> seeThrough = kind.watch().seeThrough();
        this.table = kind.table();
        this.ledger = RunLedger.of(kind);
        this.death = new ProcessDeath(this, kind.survivors(), seeThrough);
        this.breaches = new IsolationBreaches(seeThrough);
        this.hits = kind instanceof RunKind.Armed armed
                ? new RunHits(table.armed(), armed.plan().occurrence(), seeThrough, ledger)
                : new RunHits(null, 0, seeThrough, ledger);
    }

    /**
     * Whether this run does anything with its process's calls that leave the JVM: counts them (a recording), crashes or
     * fails at one, holds them for a hand-over, or refuses them (it died). Otherwise the dispatcher skips the stack
     * walk that classifies each call: a crash run's process writes sockets and files without the kit in the way.
     */
    @Override
    public boolean observesOutsideCalls() {
        return death.died() || ledger.countsOutsideCalls() || table.watchesOutside() || table.watchesHandOvers();
    }

    // ---- events from the dispatcher --------------------------------------------------------------

    @Override
    public void beforeJdbc(JdbcCall call) {
        ProcessContext context = Processes.current();
        boolean member = context != null && context.process() == this;
        if (!member && DeadProcessCalls.refusedAsEarlier(this, context, earlier -> earlier.refuse(call))) {
            return;
        }
        Runnable then;
        boolean intoTheDriver = false;
        try {
            synchronized (this) {
                if (death.died()) {
                    then = member ? death.refuse(call) : NOTHING;
                } else if (!member) {
                    breaches.outsider(call);
                    return;
                } else {
                    intoTheDriver = passesToTheDriver(call);
                    death.track(call.connection());
                    ledger.before(call);
                    if (call.kind() == JdbcCall.Kind.STATEMENT && call.sql() == null) {
                        unknownSqlExecutions++;
                    }
                    then = isEvent(call) ? onEvent(call, table.matching(call), context) : NOTHING;
                }
            }
        } catch (RuntimeException | Error bug) {
            kitFailure(call.operation(), bug);
            return;
        }
        then.run(); // throws the crash, or a refused call's; or waits for an instance's turn
        if (intoTheDriver) {
            death.threads().enteredJdbc();
            if (kind instanceof RunKind.Scheduled scheduled) {
                synchronized (this) {
                    scheduled.instance().calling(call);
                }
            }
        }
    }

    @Override
    public void afterJdbc(JdbcCall call) {
        ProcessContext context = Processes.current();
        if (context == null || context.process() != this) {
            return;
        }
        observed(call, () -> {
            boolean autoCommit = ledger.autoCommit(call);
            synchronized (this) {
                if (death.died()) {
                    return NOTHING; // a call already running when the process died; its connection is closed now
                }
                ledger.after(call, autoCommit);
                Runnable then = onEvent(call, table.matching(call), context);
                ledger.afterHitsOf(call);
                return then;
            }
        });
    }

    @Override
    public void openingConnection() {
        death.threads().openingConnection();
        if (kind instanceof RunKind.Scheduled scheduled) {
            synchronized (this) {
                scheduled.instance().opening();
            }
        }
    }

    @Override
    public void leftJdbc() {
        death.threads().leftJdbc();
        if (kind instanceof RunKind.Scheduled scheduled && Processes.isMember(this)) {
            synchronized (this) {
                scheduled.instance().called();
            }
        }
    }

    @Override
    public void connectionCreated(Object connection) {
        if (Processes.isMember(this)) {
            death.track(connection);
        }
    }

    @Override
    public void dataSourceUsed(Object dataSource) {
        death.dataSourceUsed(dataSource);
    }

    @Override
    public void method(MethodCall call) {
        ProcessContext context = Processes.current();
        if (context == null || context.process() != this) {
            return; // a watched method on a thread outside the process is not this process's boundary
        }
        observed(call, () -> {
            synchronized (this) {
                // Only a method this run watches counts: earlier runs' weaving stays in classes they watched.
                WatchedBoundary[] matched = table.matching(call);
                if (death.died()) {
                    return call.point() == MethodCall.Point.ENTRY && matched.length > 0 ? death.refuse(call) : NOTHING;
                }
                if (call.point() == MethodCall.Point.ENTRY && table.startsAHandOver(call)) {
                    handOvers.started();
                }
                if (matched.length > 0) {
                    ledger.method(call, true);
                }
                Runnable then = onEvent(call, matched, context);
                if (matched.length > 0) {
                    ledger.method(call, false);
                }
                // A halt is yet to come outside the lock: until then the held sends stay held.
                boolean halting = kind instanceof RunKind.Halt && then != NOTHING;
                if (call.point() != MethodCall.Point.ENTRY && !halting && table.endsAHandOver(call)) {
                    handOvers.ended();
                }
                return then;
            }
        });
    }

    @Override
    public void outside(OutsideCall call) {
        ProcessContext context = Processes.current();
        if (context == null || context.process() != this) {
            // another process's (refused if it is dead), or a thread of none: not this run's effect
            DeadProcessCalls.refusedAsEarlier(this, context, earlier -> earlier.refuse(call));
            return;
        }
        observed(call, () -> {
            synchronized (this) {
                if (call.timing() == OutsideCall.Timing.BEFORE) {
                    handOvers.await(death::died);
                }
                if (death.died()) {
                    return death.refuse(call);
                }
                ledger.outside(call);
                if (kind instanceof RunKind.Scheduled scheduled) {
                    scheduled.instance().leftTheJvm(); // a send between two points orders its step with every other
                }
                return onEvent(call, table.matching(call), context);
            }
        });
    }

    /**
     * Runs what observes a call of the process, then, outside the lock, what it says to do (throw the crash, a
     * refused or failed call's throwable, or halt); a failure of the observing itself is the kit's. The call is
     * described only then, so that observing one builds no text.
     */
    private void observed(ObservedCall call, Supplier<Runnable> observe) {
        Runnable then;
        try {
            then = observe.get();
        } catch (RuntimeException | Error bug) {
            kitFailure(call.operation(), bug);
            return;
        }
        then.run();
    }

    @Override
    public boolean adoptsTask() {
        return true;
    }

    @Override
    public void threadStarted(Thread thread) {
        death.threads().started(thread);
    }

    @Override
    public List<StackFrame> handingFrames() {
        return HandingStack.capture();
    }

    @Override
    public void taskHandedOver() {
        death.threads().taskHandedOver();
    }

    @Override
    public void taskStarted(boolean wasPending) {
        death.threads().taskStarted(wasPending);
    }

    @Override
    public void taskEnded() {
        death.threads().taskEnded();
    }

    @Override
    public void kitFailure(String where, Throwable error) {
        breaches.kitFailure(where, error);
    }

    /** Connection uses, opens and result-set calls are checked but are no boundaries. */
    private static boolean isEvent(JdbcCall call) {
        switch (call.kind()) {
            case CONNECTION_USE:
            case CONNECTION_OPEN:
            case GUARDED:
                return false;
            default:
                return true;
        }
    }

    /** Whether the dispatcher reports the end of this call ({@link #leftJdbc}): the calls it nests. */
    private static boolean passesToTheDriver(JdbcCall call) {
        return call.kind() != JdbcCall.Kind.CONNECTION_OPEN && call.kind() != JdbcCall.Kind.GUARDED;
    }

    /** Records the hits of a call's matches; returns what to do outside the lock (nothing, crash, fail or halt). */
    private Runnable onEvent(ObservedCall call, WatchedBoundary[] matched, ProcessContext context) {
        int before = hits.hits().size();
        BoundaryHit site = hits.record(matched, call instanceof JdbcCall);
        if (kind instanceof RunKind.Scheduled scheduled && hits.hits().size() > before) {
            List<BoundaryHit> all = hits.hits();
            List<BoundaryHit> reached = List.copyOf(all.subList(before, all.size()));
            boolean onMainFlow = context == mainFlow;
            return scheduled.instance().point(call, reached, () -> dieAt(reached.get(0), onMainFlow));
        }
        if (site == null) {
            return NOTHING;
        }
        if (kind instanceof RunKind.Halt halt) {
            RunReport report = report(RunReport.Outcome.CRASHED, null, List.of());
            return () -> halt.halt().accept(report);
        }
        if (kind instanceof RunKind.Fail fail) {
            injected = true;
            return InjectedFailures.at(fail.plan().describe(), call);
        }
        Runnable kill = death.kill(((RunKind.Crash) kind).plan(), site, context == mainFlow);
        notifyAll(); // held sends wake to be refused
        return kill;
    }

    /**
     * A scheduled instance dies at its held point, {@code site}, on its own thread: its connections roll back and
     * close, and the crash is thrown there; the other instances' connections live on.
     */
    private void dieAt(BoundaryHit site, boolean onMainFlow) {
        Runnable kill;
        synchronized (this) {
            kill = death.killAlone(site.crashPlan(), site, onMainFlow);
            notifyAll(); // held sends wake to be refused
        }
        kill.run();
    }

    // ---- the process ---------------------------------------------------------------------------------

    /** Makes the calling thread the process's main thread; returns what {@link #leave} restores. */
    ProcessContext enter() {
        ProcessContext previous = Processes.enter(this);
        synchronized (this) {
            mainFlow = Processes.current();
        }
        return previous;
    }

    /** The main thread leaves the process (its other threads stay in it, and dead if it died). */
    void leave(ProcessContext previous) {
        Processes.leave(previous);
    }

    /** Waits for the process's threads and tasks to stop; what is still busy after the limit (empty: stopped). */
    List<String> awaitStopped() {
        return death.threads().awaitStopped(DyingProcess.stopTimeout());
    }

    // ---- results ---------------------------------------------------------------------------------

    /**
     * Whether the process may still call later: a thread it started is alive, or a task it handed to an executor has
     * not started (a delayed or queued task) or runs (waiting, perhaps); then the dead process must stay refused.
     */
    boolean mayStillCall() {
        DyingProcess threads = death.threads();
        return threads.hasLiveThreads() || threads.hasPendingTasks() || threads.hasRunningTasks();
    }

    boolean crashOnMainFlow() {
        return death.crashOnMainFlow();
    }

    /** Why this run's verdict cannot be trusted, if it cannot. */
    IsolationBreaches breaches() {
        return breaches;
    }

    boolean crashed() {
        return death.died();
    }

    /** The death policy of this run's process, for the runs after it that refuse its calls. */
    ProcessDeath death() {
        return death;
    }

    @Override
    public boolean isDead() {
        return crashed();
    }

    /** Whether this run's failure was injected ({@link RunKind.Fail}). */
    synchronized boolean injected() {
        return injected;
    }

    /** What the run saw, for the engine's verdict or for a child's report file. */
    synchronized RunReport report(RunReport.Outcome outcome, String workloadFailure, List<String> problems) {
        List<String> notes = RunNotes.of(unknownSqlExecutions, table.armed(), death.died());
        return new RunReport(
                outcome,
                hits.hits(),
                hits.crashIndex(),
                workloadFailure,
                death.afterDeath(),
                notes,
                problems,
                ledger.counts(),
                List.of());
    }
}
