package dev.deliverykit.boundary;

import dev.deliverykit.internal.instrument.BoundarySink;
import dev.deliverykit.internal.instrument.JdbcCall;
import dev.deliverykit.internal.instrument.MethodCall;
import dev.deliverykit.internal.instrument.OutsideCall;
import dev.deliverykit.internal.instrument.ProcessContext;
import dev.deliverykit.internal.instrument.Processes;
import java.lang.StackWalker.StackFrame;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * One active run: receives its process's calls from the dispatcher, counts the hits of what it watches
 * ({@link WatchTable}), keeps what its mode keeps ({@link RunLedger}), and at the armed hit kills the simulated
 * process (in-process, {@link ProcessDeath}), injects the failure, or hands the report to the child to halt.
 *
 * <p>All state is guarded by {@code this}; connections are closed and throwables thrown outside the
 * lock, so a driver's own locks are never taken while holding it.
 */
final class ActiveRun implements BoundarySink {

    /** What the run does at its armed hit, or that it has none and records. */
    enum Mode {
        CRASH_IN_PROCESS,
        CRASH_HALT,
        /** The call at the armed hit fails ({@link dev.deliverykit.Fault#FAILURE}); the process lives on. */
        FAIL,
        RECORD
    }

    /** What to do outside the lock when there is nothing to do. */
    static final Runnable NOTHING = () -> {};

    private final Mode mode;
    private final CrashPlan plan;
    private final WatchList watch;
    private final Consumer<RunReport> halt;
    private final WatchTable table;
    private final RunLedger ledger;
    private final ProcessDeath death;
    private final IsolationBreaches breaches;

    /** The process's threads between the start and the end of a hand-over: other threads' sends wait meanwhile. */
    private final Set<Thread> handingOver = Collections.newSetFromMap(new IdentityHashMap<>());

    private final RunHits hits;
    /** The workload's own flow on the main thread, set when the run enters the process. */
    private ProcessContext mainFlow;

    private int unknownSqlExecutions;
    /** Whether the failure of a {@link Mode#FAIL} run was injected at its hit. */
    private boolean injected;

    ActiveRun(Mode mode, CrashPlan plan, WatchList watch, Consumer<RunReport> halt) {
        this.mode = mode;
        this.plan = plan;
        this.watch = watch;
        this.halt = halt;
        this.table = new WatchTable(watch, plan);
        this.ledger = RunLedger.of(mode);
        this.death = new ProcessDeath(this, plan, watch.seeThrough());
        this.breaches = new IsolationBreaches(watch.seeThrough());
        this.hits = mode == Mode.RECORD
                ? new RunHits(null, 0, watch.seeThrough(), ledger)
                : new RunHits(table.armed(), plan.occurrence(), watch.seeThrough(), ledger);
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
        Optional<ProcessDeath> earlier = member ? Optional.empty() : zombie(context);
        if (earlier.isPresent()) {
            earlier.get().refuse(call).run();
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
                    then = isEvent(call) ? onEvent(call, null, null, table.matching(call), context) : NOTHING;
                }
            }
        } catch (RuntimeException | Error bug) {
            kitFailure(call.operation(), bug);
            return;
        }
        then.run(); // throws the crash, or a refused call's
        if (intoTheDriver) {
            death.threads().enteredJdbc();
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
                Runnable then = onEvent(call, null, null, table.matching(call), context);
                ledger.afterHitsOf(call);
                return then;
            }
        });
    }

    @Override
    public void leftJdbc() {
        death.threads().leftJdbc();
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
                    handingOver.add(Thread.currentThread());
                }
                if (matched.length > 0) {
                    ledger.method(call, true);
                }
                Runnable then = onEvent(null, call, null, matched, context);
                if (matched.length > 0) {
                    ledger.method(call, false);
                }
                // A halt is yet to come outside the lock: until then the held sends stay held.
                boolean halting = mode == Mode.CRASH_HALT && then != NOTHING;
                if (call.point() != MethodCall.Point.ENTRY && !halting && table.endsAHandOver(call)) {
                    handingOver.remove(Thread.currentThread());
                    notifyAll();
                }
                return then;
            }
        });
    }

    @Override
    public void outside(OutsideCall call) {
        ProcessContext context = Processes.current();
        boolean member = context != null && context.process() == this;
        Optional<ProcessDeath> earlier = member ? Optional.empty() : zombie(context);
        if (earlier.isPresent()) {
            earlier.get().refuse(call).run();
            return;
        }
        if (!member) {
            return; // another process's, or a thread of none: not this run's effect
        }
        observed(call, () -> {
            synchronized (this) {
                if (call.timing() == OutsideCall.Timing.BEFORE) {
                    awaitHandOvers();
                }
                if (death.died()) {
                    return death.refuse(call);
                }
                ledger.outside(call);
                return onEvent(null, null, call, table.matching(call), context);
            }
        });
    }

    /**
     * Runs what observes a call of the process, then, outside the lock, what it says to do (throw the crash, a
     * refused or failed call's throwable, or halt); a failure of the observing itself is the kit's. The call is
     * described only then, so that observing one builds no text.
     */
    private void observed(Object call, Supplier<Runnable> observe) {
        Runnable then;
        try {
            then = observe.get();
        } catch (RuntimeException | Error bug) {
            kitFailure(describe(call), bug);
            return;
        }
        then.run();
    }

    private static String describe(Object call) {
        if (call instanceof MethodCall method) {
            return method.signature();
        }
        if (call instanceof OutsideCall outside) {
            return outside.describe();
        }
        return call instanceof JdbcCall jdbc ? jdbc.operation() : String.valueOf(call);
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

    /**
     * The death policy of the earlier run whose dead process the calling thread belongs to, if it does: its calls
     * are refused as every call of a dead process is (pool maintenance and clean-up go on), without counting for
     * this run.
     */
    private Optional<ProcessDeath> zombie(ProcessContext context) {
        return context != null && context.process() instanceof ActiveRun earlier && earlier != this && earlier.crashed()
                ? Optional.of(earlier.death)
                : Optional.empty();
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

    /** How long a send waits for another thread's hand-over to end (a hand-over that itself waits for it: none). */
    private static final long HAND_OVER_WAIT_MILLIS = 5_000;

    /**
     * Holds the calling thread's send while another thread of the process is handing a message over to an I/O
     * thread, so that what the hand-over's end means does not depend on the I/O thread's timing. Called holding the
     * lock; waiting releases it.
     */
    private void awaitHandOvers() {
        long deadline = System.nanoTime() + HAND_OVER_WAIT_MILLIS * 1_000_000;
        while (!death.died() && !handingOver.isEmpty() && !handingOver.contains(Thread.currentThread())) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return; // a hand-over that waits for this very send (a full buffer): let it through
            }
            try {
                wait(Math.max(1, left / 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Records the hits of a call's matches; returns what to do outside the lock (nothing, crash, fail or halt). */
    private Runnable onEvent(
            JdbcCall call, MethodCall method, OutsideCall outside, WatchedBoundary[] matched, ProcessContext context) {
        BoundaryHit site = hits.record(matched, call != null);
        if (site == null) {
            return NOTHING;
        }
        if (mode == Mode.CRASH_HALT) {
            RunReport report = report(RunReport.Outcome.CRASHED, null, List.of());
            return () -> halt.accept(report);
        }
        if (mode == Mode.FAIL) {
            injected = true;
            if (outside != null) {
                return InjectedFailures.outside(plan.describe(), outside);
            }
            return call != null
                    ? InjectedFailures.jdbc(plan.describe(), call)
                    : InjectedFailures.method(plan.describe(), method);
        }
        Runnable kill = death.kill(site, context == mainFlow);
        notifyAll(); // held sends wake to be refused
        return kill;
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

    @Override
    public boolean isDead() {
        return crashed();
    }

    /** Whether this run's failure was injected ({@link Mode#FAIL}). */
    synchronized boolean injected() {
        return injected;
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
        WatchedBoundary armed = table.armed();
        if (armed != null && !death.died() && armed.placeNeverOnStack()) {
            notes.add(armed.whyPlaceNeverOnStack());
        }
        return new RunReport(
                outcome,
                hits.hits(),
                hits.crashIndex(),
                workloadFailure,
                death.afterDeath(),
                notes,
                problems,
                ledger.counts());
    }
}
