package dev.deliverykit.junit5.internal.execution;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.CrashMode;
import dev.deliverykit.ReplayKey;
import dev.deliverykit.Workload;
import dev.deliverykit.boundary.BoundaryEngine;
import dev.deliverykit.boundary.BoundaryNotReachedError;
import dev.deliverykit.boundary.ChildLaunch;
import dev.deliverykit.boundary.ChildRun;
import dev.deliverykit.boundary.CrashPlan;
import dev.deliverykit.boundary.CrashResult;
import dev.deliverykit.boundary.ProcessWorkload;
import dev.deliverykit.boundary.Recording;
import dev.deliverykit.boundary.RecordingFailedException;
import dev.deliverykit.boundary.WatchList;
import dev.deliverykit.junit5.CrashAt;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.internal.config.ChildJvmOptions;
import dev.deliverykit.junit5.internal.config.KitSettings;
import dev.deliverykit.junit5.internal.planning.KitCase;
import dev.deliverykit.junit5.internal.report.CaseEntry;
import dev.deliverykit.junit5.internal.rerun.RerunCaseFile;
import dev.deliverykit.junit5.internal.rerun.RerunClassPath;
import dev.deliverykit.junit5.internal.rerun.RerunEnd;
import dev.deliverykit.junit5.internal.rerun.RerunInvocation;
import dev.deliverykit.junit5.internal.rerun.RerunJvmPool;
import dev.deliverykit.junit5.internal.rerun.RerunStarter;
import dev.deliverykit.process.ChildResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.apiguardian.api.API;
import org.junit.platform.commons.support.ReflectionSupport;
import org.opentest4j.AssertionFailedError;

/**
 * The run of a {@link CrashAt} or {@link CrashSweep} case on the boundary engine: the workload once, in this JVM or
 * in a child JVM that reruns the test method, then any number of recoveries. What both kinds of run share; a
 * {@link RecordingRun} records a sweep's crash-free run, an {@link ArmedRun} crashes the workload or injects a
 * failure into it. Which one runs a case is chosen once, by {@link CrashInvocation}.
 */
@API(status = INTERNAL, since = "0.1")
public abstract sealed class CrashRun extends CaseRun permits RecordingRun, ArmedRun {

    private final KitCase.EngineCase crashing;
    private final KitSettings settings;
    private final ChildJvmOptions childOptions;
    private int restarts;
    private List<String> otherProcessDatabases = List.of();
    private Optional<RerunInvocation> invocation = Optional.empty();
    private Optional<RerunJvmPool> pool = Optional.empty();
    private Optional<ChildResult> childOutput = Optional.empty();
    private Optional<Path> childOutputFile = Optional.empty();
    private boolean childFailed;

    CrashRun(KitCase.EngineCase crashing, KitSettings settings, ChildJvmOptions childOptions, CaseEntry entry) {
        super(entry);
        this.crashing = Objects.requireNonNull(crashing, "crashing");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.childOptions = Objects.requireNonNull(childOptions, "childOptions");
    }

    @Override
    public KitCase.EngineCase crashCase() {
        return crashing;
    }

    /** The kit's settings for this run. */
    KitSettings settings() {
        return settings;
    }

    /** What a child JVM needs to rerun this invocation; taken as JUnit invokes the test method. */
    synchronized void invoked(RerunInvocation facts, RerunJvmPool children) {
        invocation = Optional.of(facts);
        pool = Optional.of(children);
    }

    /** Whether this JVM is the child that reruns this case: there, the workload runs and the JVM halts. */
    boolean inItsChild() {
        return settings.rerunsInThisChild(crashing.mode());
    }

    /** Writes the state the workload starts from, once: in the test JVM; a child rerunning the case skips it. */
    public synchronized void prepare(Workload fixture) throws Exception {
        Objects.requireNonNull(fixture, "fixture");
        if (ran()) {
            throw new IllegalStateException(
                    ScenarioMessages.prepareAfterRun(crashing.displayName()).sentences());
        }
        if (!inItsChild()) {
            fixture.run();
        }
    }

    /** Runs a workload: in this JVM, or in a child JVM that reruns the test method for a {@code CHILD_PROCESS} case. */
    public synchronized void run(Workload workload) {
        Objects.requireNonNull(workload, "workload");
        if (inItsChild()) {
            CaseFixture.takeInThisChild(crashing.displayName());
            rerunHere(workload);
        }
        startOnce();
        if (crashing.mode() == CrashMode.CHILD_PROCESS) {
            RerunClassPath.get(); // refused here, before any child starts, if the child could not run the launcher
            RerunInvocation facts = invocation.orElseThrow(
                    () -> new IllegalStateException(ScenarioMessages.runOutsideTheTestMethod(crashing.displayName())
                            .sentences()));
            requireNoHeldDatabase(facts.tempDirectories().values());
            Map<String, String> stashes = CaseFixture.setAside(facts.ownDirectories());
            RerunStarter child = new RerunStarter(
                    RerunCaseFile.of(
                            facts.templateUniqueId(),
                            childReplayKey(),
                            facts.configuration(),
                            facts.tempDirectories(),
                            stashes),
                    childOptions,
                    settings,
                    pool.orElseThrow(),
                    crashing.displayName());
            try {
                inChildJvm(
                        watch -> BoundaryEngine.get().recordInChildProcess(watch, child),
                        plan -> BoundaryEngine.get().crashInChildProcess(plan, child));
            } finally {
                CaseFixture.afterChild(stashes);
            }
        } else {
            runInThisJvm(workload);
        }
        requireInvariantsThatCanFail(vacuous());
    }

    /** Runs a process workload: in a child JVM for a {@code CHILD_PROCESS} case, else in this JVM. */
    public synchronized void run(Class<? extends ProcessWorkload> workload, String... args) {
        Objects.requireNonNull(workload, "workload");
        ChildLaunch configured = ChildLaunch.of(workload)
                .args(args)
                .timeout(settings.childTimeout())
                .jvmArgs(childOptions.added().toArray(new String[0]))
                .withoutInherited(childOptions.dropped().toArray(new String[0]));
        ChildLaunch launch = settings.childArchiveDirectory()
                .map(configured::withClassDataSharingIn)
                .orElseGet(configured::withoutClassDataSharing);
        List<String> arguments = List.of(args);
        if (inItsChild()) {
            ProcessWorkload instance = ReflectionSupport.newInstance(workload);
            rerunHere(() -> instance.run(arguments));
        }
        startOnce();
        if (crashing.mode() == CrashMode.CHILD_PROCESS) {
            inChildJvm(
                    watch -> BoundaryEngine.get().recordInChildProcess(watch, launch),
                    plan -> BoundaryEngine.get().crashInChildProcess(plan, launch));
        } else {
            ProcessWorkload instance = ReflectionSupport.newInstance(workload);
            runInThisJvm(() -> instance.run(arguments));
        }
        requireInvariantsThatCanFail(vacuous());
    }

    /**
     * Refuses to start a child that would find a database file of the case's {@code directories} locked by this JVM
     * ({@link HeldDatabaseFiles}).
     */
    private void requireNoHeldDatabase(Collection<String> directories) {
        Set<Path> held = HeldDatabaseFiles.ofThisJvmUnder(directories);
        if (!held.isEmpty()) {
            IllegalStateException failure = HeldDatabaseFiles.heldByTheTestJvm(held, crashing.displayName());
            failedWith(failure);
            throw failure;
        }
    }

    /**
     * Before a sweep case's recovery: the reason no crash case could fail, if there is one ({@link
     * VacuousInvariants}).
     */
    abstract Optional<AssertionFailedError> vacuous();

    private void requireInvariantsThatCanFail(Optional<AssertionFailedError> vacuous) {
        if (vacuous.isPresent()) {
            failedWith(vacuous.get()); // the invocation fails with it even if the test catches it
            throw vacuous.get();
        }
    }

    /** The case's key as the child selects it: with its mode, so that a test in both modes reruns this one. */
    private String childReplayKey() {
        if (crashing.replayKey() instanceof ReplayKey.Pair pair) {
            return pair.withMode(CrashMode.CHILD_PROCESS).text();
        }
        return crashing.replayKey() instanceof ReplayKey.Crash key
                ? key.withMode(CrashMode.CHILD_PROCESS).text()
                : crashing.replayKey().text();
    }

    /** In the child: the workload under the test JVM's plan; the JVM halts, at the boundary or after it. */
    private static void rerunHere(Workload workload) {
        ChildRun.ofThisJvm()
                .orElseThrow(() -> new IllegalStateException("DeliveryKit failure: this JVM reruns a CHILD_PROCESS"
                        + " case, but was started without its plan (-D" + ChildRun.PLAN_PROPERTY + "). Please report"
                        + " it with the command line of this JVM."))
                .runAndHalt(workload);
    }

    /**
     * The run in a child JVM, by one of the engine's two calls ({@code record} or {@code crashAt}): returns the
     * child's output.
     */
    abstract Optional<ChildResult> inChild(
            Function<WatchList, Recording> record, Function<CrashPlan, CrashResult> crashAt);

    private void inChildJvm(Function<WatchList, Recording> record, Function<CrashPlan, CrashResult> crashAt) {
        try {
            childOutput = inChild(record, crashAt);
        } catch (AssertionError | RuntimeException failed) {
            childOutput = failed instanceof BoundaryNotReachedError notReached
                    ? notReached.childResult()
                    : failed instanceof RecordingFailedException recording ? recording.childResult() : childOutput;
            childFailed = true;
            Optional<AssertionFailedError> explained = childOutput.flatMap(RerunEnd::explained);
            if (explained.isPresent()) {
                explained.get().setStackTrace(failed.getStackTrace()); // where the test JVM saw the child end
                failedWith(explained.get());
                throw explained.get();
            }
            failedWith(failed);
            throw failed;
        } finally {
            childOutput.ifPresent(this::keepChildOutput);
        }
        entry().crashed(crash().orElse(null));
    }

    /** The child's whole output, as an attachment of the case named after it. */
    private void keepChildOutput(ChildResult output) {
        childOutputFile = entry().attach("child JVM output", "child-output.txt", output.toString());
    }

    /** The file with the child's whole output, if the child's run failed: its failure message names it. */
    @Override
    Optional<Path> childOutputFile() {
        return childFailed ? childOutputFile : Optional.empty();
    }

    /** The run in this JVM. */
    abstract void inThisJvm(Workload workload);

    private void runInThisJvm(Workload workload) {
        try {
            inThisJvm(workload);
        } catch (AssertionError | RuntimeException failed) {
            failedWith(failed); // the invocation fails with it even if the test catches it
            throw failed;
        }
    }

    /** Databases of another process that the crash leaves alive (JDBC URL prefixes); before {@link #run}. */
    public synchronized void otherProcessDatabases(String... jdbcUrlPrefixes) {
        if (ran()) {
            throw new IllegalStateException(ScenarioMessages.otherProcessDatabasesAfterRun(crashing.displayName())
                    .sentences());
        }
        List<String> all = new ArrayList<>(otherProcessDatabases);
        all.addAll(List.of(jdbcUrlPrefixes));
        otherProcessDatabases = List.copyOf(all);
    }

    /** The databases of another process that a crash leaves alive (JDBC URL prefixes). */
    final synchronized String[] otherProcessDatabases() {
        return otherProcessDatabases.toArray(new String[0]);
    }

    /**
     * Runs the recovery in this JVM: a fresh process for the dead workload (new objects, the same files); the first
     * may run otherwise ({@link #firstRecovery}).
     */
    public void restart(Workload recovery) throws Exception {
        Objects.requireNonNull(recovery, "recovery");
        if (!ran()) {
            throw new IllegalStateException(
                    ScenarioMessages.restartBeforeRun(crashing.displayName()).sentences());
        }
        boolean first;
        synchronized (this) {
            first = restarts++ == 0;
        }
        if (!first || !firstRecovery(recovery)) {
            recover(recovery);
        }
    }

    /**
     * The first recovery, where this run runs it otherwise than as a plain recovery: returns whether it ran the
     * recovery itself; if not, the recovery then runs as a plain one (again, after a crashed first recovery).
     */
    abstract boolean firstRecovery(Workload recovery) throws Exception;

    /** The recovery as a fresh process that no plan crashes. */
    private static void recover(Workload recovery) throws Exception {
        // its threads and executor tasks end or wait before anything judges it, as a crash run's process does
        BoundaryEngine.get().recover(recovery);
    }

    /** The crash, once run; empty in a crash-free run. */
    public abstract Optional<CrashResult> crash();

    /** The recording of a crash-free run, once run; empty in a crash run. */
    public abstract Optional<Recording> recording();

    @Override
    String neverRan() {
        return neverCalled(
                "scenario.run(...)",
                "crashed nothing",
                "a crash",
                "run the workload with scenario.run(() -> ...) or scenario.run(YourProcessWorkload.class, args...),"
                        + " then recover with scenario.restart(() -> ...).");
    }

    /** What ran before the invariants: the run, and the recovery only if one ran. */
    @Override
    final synchronized String afterWhat() {
        return ranWhat() + (restarts == 0 ? " (no recovery ran):" : andRecovery());
    }

    /** The run, as the invariants' failure header names it. */
    abstract String ranWhat();

    /** The end of the invariants' failure header after a recovery. */
    String andRecovery() {
        return " and recovery:";
    }
}
