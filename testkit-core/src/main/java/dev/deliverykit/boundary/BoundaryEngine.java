package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.Fault;
import dev.deliverykit.Workload;
import dev.deliverykit.internal.instrument.Instrumenter;
import dev.deliverykit.internal.text.InvalidArgumentException;
import dev.deliverykit.schedule.Crash;
import dev.deliverykit.schedule.Move;
import dev.deliverykit.schedule.ScheduleKeys;
import dev.deliverykit.schedule.Stall;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Makes a process die exactly at a boundary of code the kit has never seen, with no change to that code.
 *
 * <pre>{@code
 * BoundaryEngine engine = BoundaryEngine.get();
 * CrashPlan plan = CrashPlan.at(catalogue, "after-outbox-insert").occurrence(1);
 *
 * // in this JVM: connections rolled back and closed, a SimulatedCrash unwinds the workload
 * CrashResult result = engine.crashInProcess(plan, () -> producer.advance(event, 0));
 *
 * // in a real child JVM that halts with exit code 73 at the boundary
 * CrashResult real = engine.crashInChildProcess(plan, ChildLaunch.of(AdvanceOnce.class).args(dbFile.toString()));
 *
 * // then recover: new connections, new objects, the same files; and check the invariants
 * }</pre>
 *
 * <p><b>Agent.</b> The engine needs a Java agent. Best: start the JVM with
 * {@code -javaagent:<testkit-core jar>} (with Maven, in surefire's {@code argLine}): the JDBC calls are then
 * woven from JVM start, as the driver's classes load ({@code =lazy} after the jar defers it to the first
 * run). Without it the engine attaches itself on first use; on JDK 21+ it then prints one warning saying
 * how to avoid that. Only JDBC calls of {@code Statement}, {@code Connection}, {@code Driver} and
 * {@code DataSource} implementations, and the methods that method selectors name, are woven. While no run
 * is active, instrumented code pays one volatile read per call: no allocation and no lock (preparing a
 * statement also remembers its SQL).
 *
 * <p><b>Runs.</b> One in-process run at a time per JVM (the agent is global); child-process runs
 * need no agent in this JVM and may run in parallel. A crash run that never reaches its boundary fails
 * with {@link BoundaryNotReachedError}; what a dead process still tries is refused and listed in
 * {@link CrashResult#afterDeath()}, never a verdict; an instrumentation error fails the run with
 * {@link InstrumentationFailedException}.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class BoundaryEngine {

    /** The exit code of a child JVM that halted at its boundary. */
    public static final int CRASH_EXIT_CODE = 73;

    private static final BoundaryEngine INSTANCE = new BoundaryEngine();

    private final InProcessRuns inProcess = new InProcessRuns();

    private BoundaryEngine() {}

    /** The engine of this JVM. */
    public static BoundaryEngine get() {
        return INSTANCE;
    }

    /** How this JVM got the agent; installs it first if no run has yet. */
    public Installation installation() {
        Instrumenter instrumenter = Instrumenter.get();
        return new Installation(
                Installation.Source.valueOf(instrumenter.agentSource().name()), instrumenter.agentInstallTime());
    }

    // ---- in-process -------------------------------------------------------------------------------

    /**
     * Runs {@code workload} in this JVM and kills it at the plan's hit: every JDBC connection the run
     * opened or used is rolled back and closed, and a {@link SimulatedCrash} unwinds the workload. For a plan with
     * {@link Fault#FAILURE} the call at the hit fails instead ({@link CrashPlan#fault(Fault)}) and the workload runs
     * on to its end, however it handles the failure; the result then names the failure's site.
     *
     * @throws BoundaryNotReachedError if the workload ends without reaching the hit
     */
    public CrashResult crashInProcess(CrashPlan plan, Workload workload) {
        return inProcess.crash(plan, workload);
    }

    /**
     * Ends the dead process of the last in-process crash: until then every JDBC call of its threads (those
     * still running, tasks still queued) is refused, also during recovery; afterwards the woven code is
     * back on its fast path. While a thread the dead process started is still alive, or a task it handed to an
     * executor has not started, the refusal stays (they may call JDBC later, during or after later runs). The JUnit
     * extension calls this when a case ends.
     */
    public void releaseDeadProcess() {
        inProcess.releaseDeadProcess();
    }

    /**
     * Runs a recovery in this JVM, as a fresh process that no plan crashes, and returns once it has ended: its own
     * threads and the tasks it handed to executors have ended or wait, so that what judges the recovery next (the
     * invariants) never races it. The limit is a crash run's ({@code -Ddeliverykit.process.stop-timeout}).
     *
     * @throws ProcessStillRunningError if its threads or tasks still work after the limit
     * @throws Exception what {@code recovery} throws
     */
    public void recover(Workload recovery) throws Exception {
        Objects.requireNonNull(recovery, "recovery");
        Instrumenter.get().ensureJdbc(); // the executors and threads are woven with the JDBC calls
        FollowedProcess.run(recovery);
    }

    /**
     * Runs {@code workload} in this JVM without crashing it and records every hit of the watched boundaries.
     *
     * @throws IllegalStateException if the workload throws
     */
    public Recording record(WatchList watch, Workload workload) {
        return inProcess.record(watch, workload);
    }

    // ---- several instances ---------------------------------------------------------------------------

    /**
     * Runs {@code instances} at once in this JVM, each a process of its own, under the turns of a schedule: at each
     * of its points (a call that hits a watched boundary) an instance waits until its turn lets it go on; between two
     * points it runs freely. The last turn of each instance lets it run to its end; afterwards whatever has not ended
     * runs to its end. A call that waits inside the driver for a while (a lock another instance holds) ends its
     * instance's turn, so that the others go on.
     *
     * <pre>{@code
     * Instances relays = Instances.of("relay-a", () -> relay(url, "relay-a").drain())
     *         .and("relay-b", () -> relay(url, "relay-b").drain());
     * ScheduledRun serial = engine.runSchedule(watch, relays, "relay-a:1,relay-b:1");
     * SchedulePlan plan = SchedulePlanner.plan(serial.steps(), new ScheduleStrategy.Exhaustive(2, true));
     * for (Schedule schedule : plan.schedules()) {
     *     reset(url);
     *     ScheduledRun run = engine.runSchedule(watch, relays, schedule.key());
     *     // judge what the instances left behind
     * }
     * }</pre>
     *
     * <p>A stall in the key ({@code relay-a:2,+31s,relay-b:5,relay-a:3}) holds the instance of the turn before it at
     * its point and moves the instances' {@linkplain Instances#withClock clock} on by its duration; the turns after
     * it go, and the stalled instance's next turn lets it carry on. A crash ({@code relay-a:2,crash+31s,relay-b:5})
     * kills the instance of the turn before it where it holds, in this JVM only, as an in-process crash does: its
     * connections roll back and close and the kit's crash is thrown on its thread; the clock then moves by its
     * duration, and the other instances go on.
     *
     * @param key the schedule's key, {@code relay-a:2,relay-b:1,relay-a:1}: each turn's instance and how many of its
     *     steps it takes, and each stall's duration
     * @throws IllegalArgumentException if the key is malformed, or stalls instances that have no clock or moves it
     *     after a crash
     */
    public ScheduledRun runSchedule(WatchList watch, Instances instances, String key) {
        Objects.requireNonNull(watch, "watch");
        Objects.requireNonNull(instances, "instances");
        Objects.requireNonNull(key, "key");
        List<Move> moves = ScheduleKeys.moves(key, instances.names());
        if (instances.clock().isEmpty() && moves.stream().anyMatch(Stall.class::isInstance)) {
            throw new InvalidArgumentException(InstanceMessages.stallWithoutClock(key, instances));
        }
        if (instances.clock().isEmpty()
                && moves.stream()
                        .anyMatch(move ->
                                move instanceof Crash crash && !crash.duration().isZero())) {
            throw new InvalidArgumentException(InstanceMessages.crashWithoutClock(key, instances));
        }
        if (instances.wovenClock().isPresent()) {
            Instrumenter.get().ensureTimeReads();
        } else {
            Instrumenter.get().ensureJdbc();
        }
        return inProcess.schedule(watch, instances, moves);
    }

    // ---- child process ----------------------------------------------------------------------------

    /** {@link #crashInChildProcess(CrashPlan, ChildLaunch)} with the default timeout. */
    public CrashResult crashInChildProcess(CrashPlan plan, Class<? extends ProcessWorkload> workload, String... args) {
        return crashInChildProcess(plan, ChildLaunch.of(workload).args(args));
    }

    /**
     * Runs the workload in a child JVM that halts with exit code {@value #CRASH_EXIT_CODE} at the plan's hit.
     * Nothing of the child survives but its files; its exit code and output are kept in the result.
     *
     * @throws BoundaryNotReachedError if the child ends without reaching the hit
     */
    public CrashResult crashInChildProcess(CrashPlan plan, ChildLaunch launch) {
        return crashInChildProcess(
                plan, Objects.requireNonNull(launch, "launch").starter());
    }

    /**
     * Runs a child JVM that {@code starter} starts, which runs its workload with {@link ChildRun#runAndHalt} and
     * halts with exit code {@value #CRASH_EXIT_CODE} at the plan's hit.
     *
     * @throws BoundaryNotReachedError if the child ends without reaching the hit
     */
    public CrashResult crashInChildProcess(CrashPlan plan, ChildStarter starter) {
        return ChildProcessRuns.crash(plan, starter);
    }

    /** Records every hit of the watched boundaries in a crash-free run of the workload in a child JVM. */
    public Recording recordInChildProcess(WatchList watch, ChildLaunch launch) {
        return recordInChildProcess(
                watch, Objects.requireNonNull(launch, "launch").starter());
    }

    /**
     * Records every hit of the watched boundaries in a crash-free run in the child JVM that {@code starter} starts.
     * The recording keeps the child's output ({@link Recording#childResult()}).
     */
    public Recording recordInChildProcess(WatchList watch, ChildStarter starter) {
        return ChildProcessRuns.record(watch, starter);
    }

    /** Runs in the child JVM: the workload under the plan; halts at the hit, else reports and returns an exit code. */
    int runAsChild(RunFiles.ChildPlan childPlan, Workload workload, Path reportFile) {
        return inProcess.runAsChild(childPlan, workload, reportFile);
    }
}
