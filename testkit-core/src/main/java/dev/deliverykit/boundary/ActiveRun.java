package dev.deliverykit.boundary;

import dev.deliverykit.internal.instrument.BoundarySink;
import dev.deliverykit.internal.instrument.Dispatcher;
import dev.deliverykit.internal.instrument.JdbcCall;
import dev.deliverykit.internal.instrument.MethodCall;
import dev.deliverykit.internal.instrument.OutsideCall;
import dev.deliverykit.internal.instrument.ProcessContext;
import dev.deliverykit.internal.instrument.Processes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * One active run: counts the watched boundaries, records hits, and at the armed hit kills the simulated
 * process (in-process) or hands the report to the child to halt. After an in-process crash the process
 * is dead: its connections are closed (so any JDBC use fails in the driver), opening a new connection
 * throws, and what it still tries is refused and listed for the report.
 *
 * <p>All state is guarded by {@code this}; connections are closed and throwables thrown outside the
 * lock, so a driver's own locks are never taken while holding it.
 */
final class ActiveRun implements BoundarySink {

    enum Mode {
        CRASH_IN_PROCESS,
        CRASH_HALT,
        /** The call at the armed hit fails ({@link dev.deliverykit.Fault#FAILURE}); the process lives on. */
        FAIL,
        RECORD
    }

    private static final class Watched {
        final Boundary boundary;
        /** Watched because the watch list asks for every statement: matches one SQL text only. */
        final boolean everyStatement;
        /** The place the boundary's selector is scoped to, or {@code null}: only then is the stack looked at. */
        final Place place;

        int matches;
        int hits;
        /** How often the call matched a scoped selector, on the stack of its place or not. */
        int placeChecks;
        /** A method like the place, seen on the stack while the place was not: what it may have meant. */
        String lookalike;

        Watched(Boundary boundary, boolean everyStatement) {
            this.boundary = boundary;
            this.everyStatement = everyStatement;
            this.place = SelectorMatching.place(boundary.selector());
        }
    }

    private static final Watched[] NONE = new Watched[0];
    private static final Runnable NOTHING = () -> {};
    private static final StackSummary.Site NO_SITE = new StackSummary.Site(List.of(), List.of(), false);
    /** How many SQL texts the every-statement boundaries are kept for across runs (runs repeat the same few). */
    private static final int REMEMBERED_SQL_TEXTS = 4096;
    /** How many distinct refused calls a report lists; the rest are counted. */
    private static final int AFTER_DEATH_LINES = 8;

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
    /** Per kind and timing of a call that leaves the JVM: what it matches. */
    private final Watched[][] matchedOutside = new Watched[OutsideCall.Kind.values().length * 2][];

    /** Per method selector that ends a hand-over to an I/O thread ({@link BrokerBoundaries}), where it starts. */
    private final Map<Selector.Method, Selector.Method> handOvers = new HashMap<>();
    /** The process's threads between the start and the end of a hand-over: other threads' sends wait meanwhile. */
    private final Set<Thread> handingOver = Collections.newSetFromMap(new IdentityHashMap<>());

    /** Whether a watched boundary is a call that leaves the JVM. */
    private final boolean watchesOutside;

    private final Watched armed;
    private final List<BoundaryHit> hits = new ArrayList<>();
    /** What a recording changed before each hit; {@code null} in a crash run, which does not need it. */
    private final DurableChanges changes;

    private final Set<Object> connections = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Set<Object> dataSources = Collections.newSetFromMap(new IdentityHashMap<>());
    private final List<String> survivors;
    private final Thread mainThread = Thread.currentThread();
    private final DyingProcess threads = new DyingProcess(mainThread);
    /** The workload's own flow on the main thread, set when the run enters the process. */
    private ProcessContext mainFlow;

    private int unknownSqlExecutions;
    private int crashIndex = -1;
    /** Volatile too: read without the lock by {@link #observesOutsideCalls()}, on every write of a process thread. */
    private volatile boolean died;
    /** Whether the failure of a {@link Mode#FAIL} run was injected at its hit. */
    private boolean injected;

    private SimulatedCrash crash;
    private String crashThread;
    private boolean crashOnMainFlow;
    /** What the dead process still tried, each refused: distinct lines, at most {@link #AFTER_DEATH_LINES}. */
    private final List<String> afterDeath = new ArrayList<>();

    private int afterDeathUnlisted;
    private String outsider;
    private String kitFailure;
    private Throwable kitFailureCause;

    ActiveRun(Mode mode, CrashPlan plan, WatchList watch, Consumer<RunReport> halt) {
        this.mode = mode;
        this.survivors = plan == null ? List.of() : plan.otherProcessDatabases();
        this.plan = plan;
        this.watch = watch;
        this.halt = halt;
        this.changes = mode == Mode.RECORD ? new DurableChanges() : null;
        for (Boundary boundary : watch.boundaries()) {
            watch(boundary, false);
        }
        for (Boundary transactionEnd : transactionEnds(watch.transactionsBefore(), watch.transactionsAfter())) {
            watch(transactionEnd, false);
        }
        this.armed = plan == null ? null : watch(plan.boundary(), false);
        boolean outside = false;
        for (Watched candidate : watched) {
            Selector.Method method = SelectorMatching.method(candidate.boundary.selector());
            if (method != null) {
                BrokerBoundaries.handOverStart(method).ifPresent(start -> handOvers.put(method, start));
            }
            outside |= SelectorMatching.base(candidate.boundary.selector()) instanceof Selector.Outside;
        }
        this.watchesOutside = outside;
    }

    /**
     * Whether this run does anything with its process's calls that leave the JVM: counts them (a recording), crashes or
     * fails at one, holds them for a hand-over, or refuses them (it died). Otherwise the dispatcher skips the stack
     * walk that classifies each call: a crash run's process writes sockets and files without the kit in the way.
     */
    @Override
    public boolean observesOutsideCalls() {
        return died || changes != null || watchesOutside || !handOvers.isEmpty();
    }

    /** The commit and rollback boundaries a run watches, by before and after; made once, shared by runs. */
    private static final List<List<Boundary>> TRANSACTION_ENDS = List.of(
            transactionEndBoundaries(false, false),
            transactionEndBoundaries(false, true),
            transactionEndBoundaries(true, false),
            transactionEndBoundaries(true, true));

    private static List<Boundary> transactionEnds(boolean before, boolean after) {
        return TRANSACTION_ENDS.get((before ? 2 : 0) + (after ? 1 : 0));
    }

    private static List<Boundary> transactionEndBoundaries(boolean before, boolean after) {
        return SelectorMatching.transactionEnds(before, after).stream()
                .map(Boundary::of)
                .toList();
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
        ProcessContext context = Processes.current();
        boolean member = context != null && context.process() == this;
        Optional<ActiveRun> earlier = member ? Optional.empty() : zombie(context);
        if (earlier.isPresent()) {
            earlier.get().refuseZombie(call).run();
            return;
        }
        Runnable then;
        boolean intoTheDriver = false;
        try {
            synchronized (this) {
                if (died) {
                    then = member ? afterDeath(call) : NOTHING;
                } else if (!member) {
                    outsider(call);
                    return;
                } else {
                    intoTheDriver = passesToTheDriver(call);
                    track(call.connection());
                    if (changes != null) {
                        changes.before(call);
                    }
                    if (call.kind() == JdbcCall.Kind.STATEMENT && call.sql() == null) {
                        unknownSqlExecutions++;
                    }
                    then = isEvent(call) ? onEvent(call, null, matching(call), context) : NOTHING;
                }
            }
        } catch (RuntimeException | Error bug) {
            kitFailure(call.operation(), bug);
            return;
        }
        then.run(); // throws the crash, or a refused call's
        if (intoTheDriver) {
            threads.enteredJdbc();
        }
    }

    @Override
    public void afterJdbc(JdbcCall call) {
        ProcessContext context = Processes.current();
        if (context == null || context.process() != this) {
            return;
        }
        Runnable then;
        try {
            boolean autoCommit = changes == null || DurableChanges.outsideATransaction(call);
            synchronized (this) {
                if (died) {
                    return; // a call already running when the process died; its connection is closed now
                }
                if (changes != null) {
                    changes.after(call, autoCommit);
                }
                then = onEvent(call, null, matching(call), context);
                if (changes != null) {
                    changes.afterHitsOf(call);
                }
            }
        } catch (RuntimeException | Error bug) {
            kitFailure(call.operation(), bug);
            return;
        }
        then.run();
    }

    @Override
    public void leftJdbc() {
        threads.leftJdbc();
    }

    @Override
    public void connectionCreated(Object connection) {
        if (Processes.isMember(this)) {
            synchronized (this) {
                track(connection);
            }
        }
    }

    @Override
    public void dataSourceUsed(Object dataSource) {
        synchronized (this) {
            dataSources.add(dataSource);
        }
    }

    @Override
    public void method(MethodCall call) {
        ProcessContext context = Processes.current();
        if (context == null || context.process() != this) {
            return; // a watched method on a thread outside the process is not this process's boundary
        }
        Runnable then;
        try {
            synchronized (this) {
                if (died) {
                    // Only a method this run watches: earlier runs' weaving stays, and what they watched must not
                    // decide this run's verdict.
                    then = call.point() == MethodCall.Point.ENTRY && matching(call).length > 0
                            ? afterDeath(call)
                            : NOTHING;
                } else {
                    if (call.point() == MethodCall.Point.ENTRY && startsAHandOver(call)) {
                        handingOver.add(Thread.currentThread());
                    }
                    // Only a method this run watches counts: earlier runs' weaving stays in classes they watched.
                    Watched[] matched = matching(call);
                    boolean counted = changes != null && matched.length > 0;
                    if (counted) {
                        changes.method(call, true);
                    }
                    then = onEvent(null, call, matched, context);
                    if (counted) {
                        changes.method(call, false);
                    }
                    // A halt is yet to come outside the lock: until then the held sends stay held.
                    boolean halting = mode == Mode.CRASH_HALT && then != NOTHING;
                    if (call.point() != MethodCall.Point.ENTRY && !halting && endsAHandOver(call)) {
                        handingOver.remove(Thread.currentThread());
                        notifyAll();
                    }
                }
            }
        } catch (RuntimeException | Error bug) {
            kitFailure(call.signature(), bug);
            return;
        }
        then.run();
    }

    @Override
    public void outside(OutsideCall call) {
        ProcessContext context = Processes.current();
        boolean member = context != null && context.process() == this;
        Optional<ActiveRun> earlier = member ? Optional.empty() : zombie(context);
        if (earlier.isPresent()) {
            earlier.get().refuseZombie(call).run();
            return;
        }
        if (!member) {
            return; // another process's, or a thread of none: not this run's effect
        }
        Runnable then;
        try {
            synchronized (this) {
                if (call.timing() == OutsideCall.Timing.BEFORE) {
                    awaitHandOvers();
                }
                if (died) {
                    then = call.timing() == OutsideCall.Timing.BEFORE ? afterDeath(call) : NOTHING;
                } else {
                    if (changes != null) {
                        changes.outside(call);
                    }
                    then = onEvent(call, matching(call), context);
                }
            }
        } catch (RuntimeException | Error bug) {
            kitFailure(call.describe(), bug);
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
        threads.started(thread);
    }

    @Override
    public void taskHandedOver() {
        threads.taskHandedOver();
    }

    @Override
    public void taskStarted(boolean wasPending) {
        threads.taskStarted(wasPending);
    }

    @Override
    public void taskEnded() {
        threads.taskEnded();
    }

    @Override
    public synchronized void kitFailure(String where, Throwable error) {
        if (kitFailure == null) {
            kitFailure = "while observing " + where + " on thread "
                    + Thread.currentThread().getName() + ": " + error;
            kitFailureCause = error;
        }
    }

    /** The earlier run whose dead process the calling thread belongs to, if it does. */
    private Optional<ActiveRun> zombie(ProcessContext context) {
        return context != null && context.process() instanceof ActiveRun earlier && earlier != this && earlier.crashed()
                ? Optional.of(earlier)
                : Optional.empty();
    }

    /**
     * A thread of an earlier case's dead process calls JDBC during this run: refused as every call of a dead
     * process is (pool maintenance and clean-up go on), without counting for this run.
     */
    private synchronized Runnable refuseZombie(JdbcCall call) {
        return afterDeath(call);
    }

    private synchronized Runnable refuseZombie(OutsideCall call) {
        return call.timing() == OutsideCall.Timing.BEFORE ? afterDeath(call) : NOTHING;
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

    /**
     * A thread outside the process made a JDBC call during the run: the run cannot say what the crash
     * did to it, so the run fails (the call itself goes on untouched). Statements and commits count; opening
     * and setting up connections do not, nor anything a connection pool's own code does (validation queries,
     * initialisation SQL), which belongs to no process.
     */
    private void outsider(JdbcCall call) {
        if (outsider != null || (call.kind() != JdbcCall.Kind.STATEMENT && call.kind() != JdbcCall.Kind.COMMIT)) {
            return;
        }
        if (StackSummary.isPoolMaintenance()) {
            return;
        }
        outsider = describe(call) + " on thread " + Thread.currentThread().getName()
                + at(StackSummary.here(true, watch.seeThrough()).stack());
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
            return matching(w -> SelectorMatching.matches(w.boundary.selector(), call));
        }
        boolean before = call.timing() == JdbcCall.Timing.BEFORE;
        return (before ? matchedBeforeStatement : matchedAfterStatement)
                .computeIfAbsent(call.sql(), sql -> statementMatches(call, before));
    }

    private Watched[] statementMatches(JdbcCall call, boolean before) {
        Watched[] given = matching(w -> SelectorMatching.matches(w.boundary.selector(), call));
        if (!(before ? watch.statementsBefore() : watch.statementsAfter())
                || call.sql().isBlank()) {
            return given; // blank SQL, which drivers accept, is no statement to crash at
        }
        Watched every = watch(everyStatement(call.sql(), before), true);
        if (!every.everyStatement || !SelectorMatching.matches(every.boundary.selector(), call)) {
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
        return matchedMethods.computeIfAbsent(
                new MethodPoint(call.typeName(), call.methodName(), call.parameterTypes(), call.point()),
                point -> matching(w -> SelectorMatching.matches(w.boundary.selector(), call)));
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
        while (!died && !handingOver.isEmpty() && !handingOver.contains(Thread.currentThread())) {
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

    private boolean startsAHandOver(MethodCall call) {
        for (Selector.Method start : handOvers.values()) {
            if (SelectorMatching.matches(start, call)) {
                return true;
            }
        }
        return false;
    }

    private boolean endsAHandOver(MethodCall call) {
        for (Selector.Method end : handOvers.keySet()) {
            if (end.typeName().equals(call.typeName()) && end.methodName().equals(call.methodName())) {
                return true;
            }
        }
        return false;
    }

    /** The watched boundaries a call that leaves the JVM matches, worked out once per kind and timing. */
    private Watched[] matching(OutsideCall call) {
        int index = call.kind().ordinal() * 2 + call.timing().ordinal();
        Watched[] known = matchedOutside[index];
        if (known == null) {
            known = matching(w -> SelectorMatching.matches(w.boundary.selector(), call));
            matchedOutside[index] = known;
        }
        return known;
    }

    private record MethodPoint(
            String typeName, String methodName, List<String> parameterTypes, MethodCall.Point point) {}

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
    private Runnable onEvent(OutsideCall outside, Watched[] matched, ProcessContext context) {
        return onEvent(null, null, outside, matched, context);
    }

    private Runnable onEvent(JdbcCall call, MethodCall method, Watched[] matched, ProcessContext context) {
        return onEvent(call, method, null, matched, context);
    }

    private Runnable onEvent(
            JdbcCall call, MethodCall method, OutsideCall outside, Watched[] matched, ProcessContext context) {
        StackSummary.Site stack = null;
        List<Place> places = List.of();
        BoundaryHit site = null;
        for (Watched candidate : matched) {
            if (candidate.place != null && !onStack(candidate)) {
                continue;
            }
            candidate.matches++;
            int nth = SelectorMatching.occurrence(candidate.boundary.selector());
            if (nth != 0 && candidate.matches != nth) {
                continue;
            }
            candidate.hits++;
            boolean crashesHere = candidate == armed && mode != Mode.RECORD && candidate.hits == plan.occurrence();
            StackSummary.Site shown = NO_SITE;
            if (mode == Mode.RECORD || crashesHere) {
                if (stack == null) {
                    stack = StackSummary.here(call != null, watch.seeThrough());
                    places = mode == Mode.RECORD ? StackSummary.places() : List.of();
                }
                shown = stack;
            }
            BoundaryHit hit = new BoundaryHit(
                    candidate.boundary,
                    candidate.hits,
                    Thread.currentThread().getName(),
                    shown.stack(),
                    shown.via(),
                    shown.atUserCode()
                            ? Place.ofFrame(shown.stack().get(0)).filter(places::contains)
                            : Optional.empty(),
                    places);
            hits.add(hit);
            if (changes != null) {
                changes.hit();
            }
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
        if (mode == Mode.FAIL) {
            injected = true;
            if (outside != null) {
                return InjectedFailures.outside(plan.describe(), outside);
            }
            return call != null
                    ? InjectedFailures.jdbc(plan.describe(), call)
                    : InjectedFailures.method(plan.describe(), method);
        }
        return crash(site, context);
    }

    /** Whether the candidate's place is on the stack; the stack is walked for scoped selectors only. */
    private static boolean onStack(Watched candidate) {
        candidate.placeChecks++;
        StackSummary.PlaceCheck check = StackSummary.check(candidate.place);
        if (!check.onStack() && candidate.lookalike == null) {
            candidate.lookalike = check.lookalike();
        }
        return check.onStack();
    }

    private Runnable crash(BoundaryHit site, ProcessContext context) {
        died = true;
        notifyAll(); // held sends wake to be refused
        crashOnMainFlow = context == mainFlow;
        crashThread = site.threadName();
        Dispatcher.processDied();
        List<Object> victims = victims();
        List<Object> pools = new ArrayList<>(dataSources);
        return () -> {
            ProcessKill.Killed killed = ProcessKill.kill(victims, pools, survivors, plan.describe());
            SimulatedCrash thrown = new SimulatedCrash(
                    "Simulated crash at " + plan.describe() + " on thread "
                            + site.threadName() + at(site.stack()) + ": the process died here; its JDBC connections ("
                            + killed.count() + ") were rolled back and closed.",
                    plan.boundary().name(),
                    plan.occurrence());
            killed.failures().forEach(thrown::addSuppressed);
            synchronized (this) {
                crash = thrown;
            }
            throw thrown;
        };
    }

    /**
     * The connections that die with the process: every one it used or opened, every one its main thread
     * opened before the run, and every other live one the weaving knows of, except those a live thread
     * outside any run opened (another test's), those a pool opened outside this run (idle in the pool, or
     * behind a wrapper the process used, which dies) and those of other processes' databases (checked when
     * they are killed).
     */
    private List<Object> victims() {
        Set<Object> victims = Collections.newSetFromMap(new IdentityHashMap<>());
        victims.addAll(connections);
        for (Map.Entry<Object, Dispatcher.OpenedBy> known : Dispatcher.connections()) {
            Dispatcher.OpenedBy openedBy = known.getValue();
            Thread opener = openedBy.opener();
            boolean outsidersOwn =
                    openedBy.process() == null && opener != null && opener != mainThread && opener.isAlive();
            // A pool's connection opened outside this run belongs to the pool, which outlives the process;
            // the process's use of it dies with its wrapper (tracked above).
            boolean aPoolsOwn = openedBy.byAPool() && openedBy.process() != this;
            if (!outsidersOwn && !aPoolsOwn) {
                victims.add(known.getKey());
            }
        }
        return new ArrayList<>(victims);
    }

    /**
     * The dead process made a call. Rollbacks and restoring auto-commit are the clean-up of unwinding code
     * (catch and finally blocks, frameworks, pools) and go on to the closed connection, and so does a
     * connection pool's own work. Anything else is
     * refused with a crash throwable before it reaches the driver and listed for the report.
     */
    private Runnable afterDeath(JdbcCall call) {
        boolean cleanUp = call.transactionEnd() == JdbcCall.TransactionEnd.ROLLBACK
                || "Connection.setAutoCommit()".equals(call.operation());
        if (cleanUp || StackSummary.isPoolMaintenance()) {
            // A pool outlives the process (recovery shares it): its own work on a task the process handed it
            // (opening, validating, initialising connections) goes on; what the dead process then does on
            // those connections is refused.
            return NOTHING;
        }
        return refuse(
                describe(call), StackSummary.here(true, watch.seeThrough()).stack());
    }

    private Runnable afterDeath(MethodCall call) {
        return refuse(
                "entry of " + call.signature(),
                StackSummary.here(false, watch.seeThrough()).stack());
    }

    private Runnable afterDeath(OutsideCall call) {
        return refuse(
                call.describe(), StackSummary.here(false, watch.seeThrough()).stack(), "left the process");
    }

    private Runnable refuse(String what, List<String> stack) {
        return refuse(what, stack, "reached the database");
    }

    private Runnable refuse(String what, List<String> stack, String before) {
        String thread = Thread.currentThread().getName();
        rememberRefused(what + " on thread " + thread + at(stack) + " was refused");
        SimulatedCrash refused = new SimulatedCrash(
                "The simulated process already died at " + plan.describe()
                        + " (on thread " + crashThread + "); " + what + " on thread " + thread
                        + " was refused before it "
                        + before + ": a dead process does nothing more.",
                plan.boundary().name(),
                plan.occurrence());
        return () -> {
            throw refused;
        };
    }

    /**
     * Keeps what the dead process tried for the report. It is no verdict: a real process runs nothing after its
     * death, so only what survives judges the case; code that catches the crash and records a failure is correct.
     */
    private void rememberRefused(String line) {
        if (afterDeath.contains(line)) {
            return;
        }
        if (afterDeath.size() < AFTER_DEATH_LINES) {
            afterDeath.add(line);
        } else {
            afterDeathUnlisted++;
        }
    }

    private static String describe(JdbcCall call) {
        switch (call.kind()) {
            case STATEMENT:
                return "statement " + (call.sql() == null ? "(SQL unknown)" : "\"" + call.sql() + "\"");
            case CONNECTION_OPEN:
                return "opening a connection (" + call.operation() + ")";
            case GUARDED:
                return call.operation();
            default:
                return call.operation();
        }
    }

    private static String at(List<String> stack) {
        return stack.isEmpty() ? "" : " at " + stack.get(0);
    }

    /** Why a scoped boundary was never hit though its kind was: the place was never on the stack there. */
    private static String placeNeverOnStack(Watched armed) {
        return "the place " + armed.place + " was never on the stack: "
                + SelectorMatching.base(armed.boundary.selector()).description() + " was reached "
                + (armed.placeChecks == 1 ? "1 time" : armed.placeChecks + " times") + ", "
                + (armed.placeChecks == 1 ? "not" : "none of them") + " inside it (a place names the class that"
                + " declares the method by its fully qualified name, nested classes with $"
                + (armed.lookalike == null ? "" : "; " + armed.lookalike + " was on the stack") + ")";
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
        return threads.awaitStopped(DyingProcess.stopTimeout());
    }

    // ---- results ---------------------------------------------------------------------------------

    /**
     * Whether the process may still call later: a thread it started is alive, or a task it handed to an executor has
     * not started (a delayed or queued task); then the dead process must stay refused.
     */
    boolean mayStillCall() {
        return threads.hasLiveThreads() || threads.hasPendingTasks();
    }

    synchronized boolean crashOnMainFlow() {
        return crashOnMainFlow;
    }

    /** What the dead process tried after its death, each refused; the last line counts those not listed. */
    synchronized List<String> afterDeath() {
        List<String> lines = new ArrayList<>(afterDeath);
        if (afterDeathUnlisted > 0) {
            lines.add(afterDeathUnlisted + " more refused call(s) not listed");
        }
        return lines;
    }

    synchronized String outsider() {
        return outsider;
    }

    synchronized String kitFailure() {
        return kitFailure;
    }

    synchronized Throwable kitFailureCause() {
        return kitFailureCause;
    }

    synchronized boolean crashed() {
        return died;
    }

    @Override
    public boolean isDead() {
        return crashed();
    }

    /** Whether this run's failure was injected ({@link Mode#FAIL}). */
    synchronized boolean injected() {
        return injected;
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
        if (armed != null && !died && armed.place != null && armed.placeChecks > 0 && armed.matches == 0) {
            notes.add(placeNeverOnStack(armed));
        }
        return new RunReport(
                outcome,
                hits,
                crashIndex,
                workloadFailure,
                afterDeath(),
                notes,
                problems,
                changes == null ? DurableChanges.Counts.UNKNOWN : changes.counts());
    }
}
