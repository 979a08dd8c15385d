package dev.deliverykit.boundary;

import dev.deliverykit.internal.instrument.EngineControls;
import dev.deliverykit.internal.instrument.JdbcCall;
import dev.deliverykit.internal.instrument.MethodCall;
import dev.deliverykit.internal.instrument.OutsideCall;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The death policy of one run's process. At the crash it kills what dies with the process: the connections it
 * used or opened (closed, so any JDBC use fails in the driver) and its use of pools, while the pools and other
 * processes' databases live on. From then on what the process's threads still try is refused with a crash
 * throwable and listed for the report, also when they call during a later run (a zombie's calls); its
 * {@link DyingProcess} says when its threads and tasks have stopped.
 *
 * <p>State is guarded by this object, whose lock is taken inside the run's and never around it; connections are
 * closed and throwables thrown outside both, so a driver's own locks are never taken while holding them.
 */
final class ProcessDeath {

    /** How many distinct refused calls a report lists; the rest are counted. */
    private static final int AFTER_DEATH_LINES = 8;

    /** The run whose process this is: connections its process opened are told by it. */
    private final Object process;

    private final List<String> seeThrough;
    private final List<String> survivors;
    private final Thread mainThread;
    private final DyingProcess threads;

    private final Set<Object> connections = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Set<Object> dataSources = Collections.newSetFromMap(new IdentityHashMap<>());

    /** Volatile: read without a lock on every call of a process thread. */
    private volatile boolean died;

    /** The plan the process died at; set at the death. */
    private CrashPlan diedAt;

    private String crashThread;
    private boolean crashOnMainFlow;
    /** What the dead process tried, each refused: distinct lines, at most {@link #AFTER_DEATH_LINES}. */
    private final List<String> afterDeath = new ArrayList<>();

    private int afterDeathUnlisted;

    /**
     * The death policy of {@code process}, whose main thread is the calling one; the connections to the databases
     * of {@code survivors} are other processes' and live on.
     */
    ProcessDeath(Object process, List<String> survivors, List<String> seeThrough) {
        this.process = process;
        this.seeThrough = seeThrough;
        this.survivors = survivors;
        this.mainThread = Thread.currentThread();
        this.threads = new DyingProcess(mainThread);
    }

    /** The process's threads and tasks, for waiting until they have stopped. */
    DyingProcess threads() {
        return threads;
    }

    /** Whether the process died. */
    boolean died() {
        return died;
    }

    /** A connection the process used or opened: it dies with the process. */
    synchronized void track(Object connection) {
        if (connection != null) {
            connections.add(connection);
        }
    }

    /** A data source (a pool, perhaps) the process took connections from: its wrappers die with the process. */
    synchronized void dataSourceUsed(Object dataSource) {
        dataSources.add(dataSource);
    }

    /**
     * The process dies at {@code site}, the hit of {@code plan} ({@code onMainFlow}: on the workload's own flow);
     * returns what to do outside the locks: kill its connections and throw the crash.
     */
    synchronized Runnable kill(CrashPlan plan, BoundaryHit site, boolean onMainFlow) {
        return kill(plan, site, onMainFlow, victims());
    }

    /**
     * {@link #kill}, of a process among others that live on (an instance of a schedule): only the connections it used
     * or opened die with it.
     */
    synchronized Runnable killAlone(CrashPlan plan, BoundaryHit site, boolean onMainFlow) {
        Set<Object> own = Collections.newSetFromMap(new IdentityHashMap<>());
        own.addAll(connections);
        for (Map.Entry<Object, EngineControls.OpenedBy> known : EngineControls.connections()) {
            if (known.getValue().process() == process) {
                own.add(known.getKey());
            }
        }
        return kill(plan, site, onMainFlow, new ArrayList<>(own));
    }

    private Runnable kill(CrashPlan plan, BoundaryHit site, boolean onMainFlow, List<Object> victims) {
        diedAt = plan;
        died = true;
        threads.processDied();
        crashOnMainFlow = onMainFlow;
        crashThread = site.threadName();
        EngineControls.processDied();
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
        for (Map.Entry<Object, EngineControls.OpenedBy> known : EngineControls.connections()) {
            EngineControls.OpenedBy openedBy = known.getValue();
            Thread opener = openedBy.opener();
            // a followed recovery is no crash run's process: its connections are an outsider's, as a thread's of none
            boolean outsidersOwn = !(openedBy.process() instanceof ActiveRun)
                    && opener != null
                    && opener != mainThread
                    && opener.isAlive();
            // A pool's connection opened outside this run belongs to the pool, which outlives the process;
            // the process's use of it dies with its wrapper (tracked above).
            boolean aPoolsOwn = openedBy.byAPool() && openedBy.process() != process;
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
    synchronized Runnable refuse(JdbcCall call) {
        boolean cleanUp = call.transactionEnd() == JdbcCall.TransactionEnd.ROLLBACK
                || "Connection.setAutoCommit()".equals(call.operation());
        if (cleanUp || StackSummary.isPoolMaintenance()) {
            // A pool outlives the process (recovery shares it): its own work on a task the process handed it
            // (opening, validating, initialising connections) goes on; what the dead process then does on
            // those connections is refused.
            return ActiveRun.NOTHING;
        }
        return refuse(describe(call), StackSummary.here(true, seeThrough).stack(), "reached the database");
    }

    /** The dead process entered a watched method. */
    synchronized Runnable refuse(MethodCall call) {
        return refuse(
                "entry of " + call.signature(),
                StackSummary.here(false, seeThrough).stack(),
                "reached the database");
    }

    /** The dead process makes a call that leaves the JVM (refused before it), or has made one. */
    synchronized Runnable refuse(OutsideCall call) {
        if (call.timing() != OutsideCall.Timing.BEFORE) {
            return ActiveRun.NOTHING;
        }
        return refuse(call.describe(), StackSummary.here(false, seeThrough).stack(), "left the process");
    }

    private Runnable refuse(String what, List<String> stack, String before) {
        String thread = Thread.currentThread().getName();
        rememberRefused(what + " on thread " + thread + at(stack) + " was refused");
        SimulatedCrash refused = new SimulatedCrash(
                "The simulated process already died at " + diedAt.describe()
                        + " (on thread " + crashThread + "); " + what + " on thread " + thread
                        + " was refused before it "
                        + before + ": a dead process does nothing more.",
                diedAt.boundary().name(),
                diedAt.occurrence());
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

    /** What the dead process tried after its death, each refused; the last line counts those not listed. */
    synchronized List<String> afterDeath() {
        List<String> lines = new ArrayList<>(afterDeath);
        if (afterDeathUnlisted > 0) {
            lines.add(afterDeathUnlisted + " more refused call(s) not listed");
        }
        return lines;
    }

    /** Whether the process died on the workload's own flow (then a workload that returned caught the crash). */
    synchronized boolean crashOnMainFlow() {
        return crashOnMainFlow;
    }

    /** A JDBC call as a report line names it. */
    static String describe(JdbcCall call) {
        switch (call.kind()) {
            case STATEMENT:
                return "statement " + (call.sql() == null ? "(SQL unknown)" : "\"" + call.sql() + "\"");
            case CONNECTION_OPEN:
                return "opening a connection (" + call.operation() + ")";
            default:
                return call.operation();
        }
    }

    /** Where a stack starts, for a message: {@code " at frame"}, or nothing. */
    static String at(List<String> stack) {
        return stack.isEmpty() ? "" : " at " + stack.get(0);
    }
}
