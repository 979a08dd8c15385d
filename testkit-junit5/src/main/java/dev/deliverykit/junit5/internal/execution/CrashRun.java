package dev.deliverykit.junit5.internal.execution;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.CrashMode;
import dev.deliverykit.Fault;
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
 * The run of a {@link CrashAt} or {@link CrashSweep} case on the boundary engine: the workload once (crashing,
 * or recording in a sweep's crash-free run), then any number of recoveries. In a sweep that crashes recoveries,
 * a crash case records its first recovery, and a {@link KitCase.CrashPair} crashes its first recovery in this
 * JVM and then runs it again.
 */
@API(status = INTERNAL, since = "0.1")
public final class CrashRun extends CaseRun {

    private final KitCase.EngineCase crashing;
    private final KitSettings settings;
    private final ChildJvmOptions childOptions;
    private final Optional<SweepState> sweep;
    private CrashResult crash;
    private int restarts;
    private Recording recording;
    private List<String> otherProcessDatabases = List.of();
    private Optional<RerunInvocation> invocation = Optional.empty();
    private Optional<RerunJvmPool> pool = Optional.empty();
    private Optional<ChildResult> childOutput = Optional.empty();
    private Optional<Path> childOutputFile = Optional.empty();
    private boolean childFailed;

    /**
     * A run of {@code crashing}; {@code sweep} receives the recording of a crash-free run and, in a sweep that
     * crashes recoveries, a crash case's recording of its first recovery.
     */
    CrashRun(
            KitCase.EngineCase crashing,
            KitSettings settings,
            ChildJvmOptions childOptions,
            Optional<SweepState> sweep,
            CaseEntry entry) {
        super(entry);
        this.crashing = Objects.requireNonNull(crashing, "crashing");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.childOptions = Objects.requireNonNull(childOptions, "childOptions");
        this.sweep = Objects.requireNonNull(sweep, "sweep");
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
        requireInvariantsThatCanFail();
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
        requireInvariantsThatCanFail();
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
     * Before a sweep case's recovery: refuses a crash-free run whose declared invariants all read nothing of what it
     * committed, and a child's crash after the last commit that left nothing of it, since no crash case could then
     * fail ({@link VacuousInvariants}).
     */
    private void requireInvariantsThatCanFail() {
        Optional<AssertionFailedError> vacuous = Optional.empty();
        if (crashing instanceof KitCase.RecordBoundaries && recording != null) {
            VacuousInvariants.Reading reading = VacuousInvariants.read(declared());
            sweep.ifPresent(state -> state.readAfterRecording(reading.fieldsWithRows()));
            vacuous = VacuousInvariants.afterCrashFreeRun(recording, reading, crashing.mode());
        } else if (crash != null && crash.plan().fault() == Fault.CRASH && sweep.isPresent()) {
            Optional<Recording> recorded = sweep.get().recording();
            if (recorded.isPresent()) {
                vacuous = VacuousInvariants.afterLastCommit(
                        crash, recorded.get(), sweep.get().fieldsWithRowsAfterRecording(), declared());
            }
        }
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

    private void inChildJvm(Function<WatchList, Recording> record, Function<CrashPlan, CrashResult> crashAt) {
        try {
            if (crashing instanceof KitCase.RecordBoundaries recordCase) {
                Recording made = record.apply(recordCase.watch());
                childOutput = made.childResult();
                keep(made);
            } else if (crashing.workloadCrash().isPresent()) {
                crash = crashAt.apply(crashing.workloadCrash().get().plan());
                childOutput = crash.childResult();
                firstCrashed();
            }
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
        entry().crashed(crash);
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

    private void runInThisJvm(Workload workload) {
        BoundaryEngine engine = BoundaryEngine.get();
        try {
            if (crashing instanceof KitCase.RecordBoundaries record) {
                keep(engine.record(record.watch(), workload));
            } else if (crashing.workloadCrash().isPresent()) {
                crash = engine.crashInProcess(
                        crashing.workloadCrash()
                                .get()
                                .plan()
                                .withOtherProcessDatabases(otherProcessDatabases.toArray(new String[0])),
                        workload);
                entry().crashed(crash);
                firstCrashed();
            }
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

    private void keep(Recording made) {
        recording = made;
        entry().recorded(made);
        sweep.ifPresent(state -> state.recorded(made, entry()));
    }

    /** The sweep that this crash case tells of its first recovery, if the sweep crashes recoveries. */
    private Optional<SweepState> recoveriesRecorded() {
        return crashing instanceof KitCase.CrashAtHit hit && hit.fault() == Fault.CRASH
                ? sweep.filter(state -> state.recoveryWatch().isPresent())
                : Optional.empty();
    }

    /** Tells a sweep that crashes recoveries that this crash case crashed its workload. */
    private void firstCrashed() {
        recoveriesRecorded().ifPresent(SweepState::firstCrashed);
    }

    /**
     * Runs the recovery in this JVM: a fresh process for the dead workload (new objects, the same files). The first
     * call of a crash case in a sweep that crashes recoveries records the boundaries the recovery reaches; that of a
     * {@link KitCase.CrashPair} crashes the recovery at its hit, then runs it again as the next fresh process.
     */
    public void restart(Workload recovery) throws Exception {
        Objects.requireNonNull(recovery, "recovery");
        if (!ran()) {
            throw new IllegalStateException(
                    ScenarioMessages.restartBeforeRun(crashing.displayName()).sentences());
        }
        boolean first;
        boolean crashed;
        synchronized (this) {
            first = restarts++ == 0;
            crashed = crash != null && verdict().isEmpty();
        }
        Optional<SweepState> recorded = recoveriesRecorded();
        if (first && crashed && crashing instanceof KitCase.CrashPair pair) {
            crashRecovery(pair, recovery);
        } else if (first && crashed && recorded.isPresent()) {
            recordRecovery((KitCase.CrashAtHit) crashing, recorded.get(), recovery);
            return;
        }
        // its threads and executor tasks end or wait before anything judges it, as a crash run's process does
        BoundaryEngine.get().recover(recovery);
    }

    /** The recovery as a crash-free recording run in this JVM: its hits become the sweep's recovery crash cases. */
    private void recordRecovery(KitCase.CrashAtHit first, SweepState state, Workload recovery) throws Exception {
        state.recoveryStarted();
        Recording made;
        try {
            made = BoundaryEngine.get().record(state.recoveryWatch().orElseThrow(), recovery);
        } catch (RecordingFailedException failed) {
            throw thrownBy(failed); // the test fails with the recovery's own failure, as without recording
        } catch (AssertionError | RuntimeException failed) {
            failedWith(failed);
            throw failed;
        }
        state.recoveryRecorded(first, made);
    }

    /** What the recovery threw, which failed its recording. */
    private static Exception thrownBy(RecordingFailedException failed) {
        Throwable thrown = failed.getCause();
        if (thrown instanceof Error error) {
            throw error;
        }
        return thrown instanceof Exception exception ? exception : failed;
    }

    /** The recovery crashing in this JVM, as the in-process crash of a fresh process, at {@code pair}'s hit. */
    private void crashRecovery(KitCase.CrashPair pair, Workload recovery) {
        try {
            entry().recoveryCrashed(BoundaryEngine.get()
                    .crashInProcess(
                            pair.recovery()
                                    .plan()
                                    .withOtherProcessDatabases(otherProcessDatabases.toArray(new String[0])),
                            recovery));
        } catch (BoundaryNotReachedError notReached) {
            // The engine speaks of "the workload": say that it is the recovery, and why it must reach the hit.
            AssertionError failed = new AssertionError(
                    "The first recovery (scenario.restart) after "
                            + pair.first().displayName() + " did not reach "
                            + pair.recovery().point() + ", where this case crashes it. A recovery must do the same"
                            + " after the same crash every time (the same files, the same order of calls): a sweep"
                            + " makes this case from a recording of the recovery after the same crash, which reached"
                            + " that hit.\n" + notReached.getMessage(),
                    notReached.getCause());
            failedWith(failed);
            throw failed;
        } catch (AssertionError | RuntimeException failed) {
            failedWith(failed);
            throw failed;
        }
    }

    /** The crash, once run. */
    public synchronized Optional<CrashResult> crash() {
        return Optional.ofNullable(crash);
    }

    /** The recording of a crash-free run, once run. */
    public synchronized Optional<Recording> recording() {
        return Optional.ofNullable(recording);
    }

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
    synchronized String afterWhat() {
        String run = crashing instanceof KitCase.RecordBoundaries ? "the crash-free run" : crashing.displayName();
        if (restarts == 0) {
            return run + " (no recovery ran):";
        }
        return run + (crashing instanceof KitCase.CrashPair ? " and the second recovery:" : " and recovery:");
    }
}
