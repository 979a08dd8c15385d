package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.Fault;
import dev.deliverykit.Workload;
import dev.deliverykit.internal.instrument.Dispatcher;
import dev.deliverykit.internal.instrument.InstrumentationProblem;
import dev.deliverykit.internal.instrument.Instrumenter;
import dev.deliverykit.internal.instrument.ProcessContext;
import dev.deliverykit.process.ChildProcess;
import dev.deliverykit.process.ChildResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.Stream;
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

    private final AtomicReference<Thread> inProcessRun = new AtomicReference<>();
    /**
     * The runs of in-process crashes whose dead process may still call: the last one until its case ends, and
     * every earlier one while a thread it started is alive or a task it handed over waits. The newest receives the events and refuses them all
     * (an earlier one's calls as a zombie's); guarded by itself.
     */
    private final List<ActiveRun> deadProcesses = new ArrayList<>();

    private int problemsReported;

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
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(workload, "workload");
        WatchList watch = plan.watchList().forCrashRun();
        boolean failure = plan.fault() == Fault.FAILURE;
        ActiveRun run =
                new ActiveRun(failure ? ActiveRun.Mode.FAIL : ActiveRun.Mode.CRASH_IN_PROCESS, plan, watch, null);
        RunEnd end = runInThisJvm(run, watch, plan, workload);
        RunReport report = run.report(
                outcome(run, end.thrown()),
                end.thrown() == null ? null : end.thrown().toString(),
                newProblems());
        return failure
                ? RunVerdicts.failureInProcess(plan, withMethodNotes(report, watch, plan), run, end)
                : RunVerdicts.inProcess(plan, withMethodNotes(report, watch, plan), run, end);
    }

    private static RunReport.Outcome outcome(ActiveRun run, Throwable thrown) {
        if (run.crashed()) {
            return RunReport.Outcome.CRASHED;
        }
        if (run.injected()) {
            return RunReport.Outcome.INJECTED;
        }
        return thrown == null ? RunReport.Outcome.COMPLETED : RunReport.Outcome.FAILED;
    }

    /**
     * Ends the dead process of the last in-process crash: until then every JDBC call of its threads (those
     * still running, tasks still queued) is refused, also during recovery; afterwards the woven code is
     * back on its fast path. While a thread the dead process started is still alive, or a task it handed to an
     * executor has not started, the refusal stays (they may call JDBC later, during or after later runs). The JUnit
     * extension calls this when a case ends.
     */
    public void releaseDeadProcess() {
        if (inProcessRun.get() != null) {
            return;
        }
        settleDeadProcesses(null, null);
    }

    /**
     * Forgets the dead processes that can no longer call, keeps {@code justDied} (its case still
     * runs), and leaves the newest remaining one receiving the events, or none. A thread a dead process started
     * that waits when its run ends (on a latch, a timer) may call later, after other runs: it stays refused.
     */
    private void settleDeadProcesses(ActiveRun justDied, ActiveRun ended) {
        synchronized (deadProcesses) {
            ActiveRun receiving = ended != null
                    ? ended
                    : deadProcesses.isEmpty() ? null : deadProcesses.get(deadProcesses.size() - 1);
            deadProcesses.removeIf(dead -> !dead.mayStillCall());
            if (justDied != null) {
                deadProcesses.add(justDied);
            }
            if (!deadProcesses.isEmpty()) {
                Dispatcher.activateDead(deadProcesses.get(deadProcesses.size() - 1));
            } else if (receiving != null) {
                Dispatcher.deactivateIf(receiving);
            }
        }
    }

    /**
     * Runs {@code workload} in this JVM without crashing it and records every hit of the watched boundaries.
     *
     * @throws IllegalStateException if the workload throws
     */
    public Recording record(WatchList watch, Workload workload) {
        Objects.requireNonNull(watch, "watch");
        Objects.requireNonNull(workload, "workload");
        ActiveRun run = new ActiveRun(ActiveRun.Mode.RECORD, null, watch, null);
        RunEnd end = runInThisJvm(run, watch, null, workload);
        RunVerdicts.processIsolation(run, end, "the recording's workload returned");
        RunReport report = run.report(
                end.thrown() == null ? RunReport.Outcome.COMPLETED : RunReport.Outcome.FAILED,
                end.thrown() == null ? null : end.thrown().toString(),
                newProblems());
        return RunVerdicts.recording(report, "the workload", end.thrown(), null);
    }

    /** How an in-process run ended: what the workload threw, and what of its process was still busy after. */
    record RunEnd(Throwable thrown, List<String> stillBusy) {}

    private RunEnd runInThisJvm(ActiveRun run, WatchList watch, CrashPlan plan, Workload workload) {
        Thread current = Thread.currentThread();
        if (!inProcessRun.compareAndSet(null, current)) {
            Thread other = inProcessRun.get();
            throw new IllegalStateException("Another in-process boundary run is active in this JVM (on thread "
                    + (other == null ? "?" : other.getName()) + "); the agent is JVM-wide, so in-process runs cannot"
                    + " overlap. Expected one run at a time. Fix: run these tests sequentially (no parallel JUnit"
                    + " execution for them), or use crashInChildProcess, which may run in parallel.");
        }
        try {
            instrumentFor(watch, plan);
            Throwable thrown = null;
            ProcessContext outside = run.enter();
            Dispatcher.activate(run);
            try {
                workload.run();
            } catch (Throwable t) {
                thrown = t;
            } finally {
                run.leave(outside);
            }
            List<String> busy = run.awaitStopped();
            // its calls stay refused until the case ends (releaseDeadProcess), and earlier dead processes' too
            settleDeadProcesses(run.crashed() ? run : null, run);
            return new RunEnd(thrown, busy);
        } finally {
            inProcessRun.set(null);
        }
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
        Objects.requireNonNull(launch, "launch");
        return crashInChildProcess(plan, launch.starter());
    }

    /**
     * Runs a child JVM that {@code starter} starts, which runs its workload with {@link ChildRun#runAndHalt} and
     * halts with exit code {@value #CRASH_EXIT_CODE} at the plan's hit.
     *
     * @throws BoundaryNotReachedError if the child ends without reaching the hit
     */
    public CrashResult crashInChildProcess(CrashPlan plan, ChildStarter starter) {
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(starter, "starter");
        validate(plan.watchList().and(plan.boundary()));
        ChildOutcome outcome = runChild(plan, plan.watchList().forCrashRun(), starter);
        return RunVerdicts.child(plan, "the child JVM running " + starter.describe(), outcome.report, outcome.result);
    }

    /** Records every hit of the watched boundaries in a crash-free run of the workload in a child JVM. */
    public Recording recordInChildProcess(WatchList watch, ChildLaunch launch) {
        Objects.requireNonNull(launch, "launch");
        return recordInChildProcess(watch, launch.starter());
    }

    /**
     * Records every hit of the watched boundaries in a crash-free run in the child JVM that {@code starter} starts.
     * The recording keeps the child's output ({@link Recording#childResult()}).
     */
    public Recording recordInChildProcess(WatchList watch, ChildStarter starter) {
        Objects.requireNonNull(watch, "watch");
        Objects.requireNonNull(starter, "starter");
        validate(watch);
        ChildOutcome outcome = runChild(null, watch, starter);
        String who = "the child JVM running " + starter.describe();
        if (outcome.report == null || outcome.report.outcome() == null) {
            throw new RecordingFailedException(
                    "Recording failed: " + who + " ended with exit code " + outcome.result.exitCode()
                            + " without a report from the kit.\nExpected: the workload to complete.\nFix: see the"
                            + " child's output:\n" + outcome.result.tail(RunVerdicts.OUTPUT_LINES),
                    null,
                    outcome.result);
        }
        return RunVerdicts.recording(outcome.report, who, null, outcome.result);
    }

    private record ChildOutcome(RunReport report, ChildResult result) {}

    private static ChildOutcome runChild(CrashPlan plan, WatchList watch, ChildStarter starter) {
        Path directory;
        try {
            directory = Files.createTempDirectory("deliverykit-run-");
        } catch (IOException e) {
            throw new UncheckedIOException("could not create a directory for the child's plan and report", e);
        }
        try {
            Path planFile = directory.resolve("plan.tsv");
            Path reportFile = directory.resolve("report.tsv");
            RunFiles.writePlan(planFile, plan, watch);
            ChildResult result;
            try (ChildProcess child =
                    starter.start(new ChildRunFiles(planFile, reportFile, Instrumenter.childJvmOptions()))) {
                result = child.awaitExit();
            }
            RunReport report = Files.exists(reportFile) ? RunFiles.readReport(reportFile) : null;
            return new ChildOutcome(report, result);
        } finally {
            deleteQuietly(directory);
        }
    }

    /** Runs in the child JVM: the workload under the plan; halts at the hit, else reports and returns an exit code. */
    int runAsChild(RunFiles.ChildPlan childPlan, Workload workload, Path reportFile) {
        CrashPlan plan = childPlan.plan();
        WatchList watch = plan == null ? childPlan.watch() : childPlan.watch().forCrashRun();
        ActiveRun.Mode mode = plan == null
                ? ActiveRun.Mode.RECORD
                : plan.fault() == Fault.FAILURE ? ActiveRun.Mode.FAIL : ActiveRun.Mode.CRASH_HALT;
        ActiveRun run = new ActiveRun(
                mode, plan, watch, report -> halt(plan, withMethodNotes(report, watch, plan), reportFile));
        Throwable thrown = runInThisJvm(run, watch, plan, workload).thrown();
        if (thrown != null) {
            System.err.print(WorkloadTrace.of(thrown));
        }
        RunReport report = run.report(outcome(run, thrown), thrown == null ? null : thrown.toString(), newProblems());
        RunFiles.writeReport(reportFile, withMethodNotes(report, watch, plan));
        return thrown == null ? 0 : 1;
    }

    private void halt(CrashPlan plan, RunReport report, Path reportFile) {
        RunReport withProblems = report.with(report.notes(), newProblems());
        RunFiles.writeReport(reportFile, withProblems);
        System.out.flush();
        System.err.println("[DeliveryKit] halting at " + plan.describe() + " with exit code " + CRASH_EXIT_CODE);
        System.err.flush();
        Runtime.getRuntime().halt(CRASH_EXIT_CODE);
    }

    // ---- instrumentation --------------------------------------------------------------------------

    private void instrumentFor(WatchList watch, CrashPlan plan) {
        List<Selector.Method> methods = methodSelectors(watch);
        Selector.Method planned =
                plan == null ? null : SelectorMatching.method(plan.boundary().selector());
        if (planned != null) {
            methods.add(planned);
        }
        for (Selector.Method method : List.copyOf(methods)) {
            BrokerBoundaries.handOverStart(method)
                    .filter(start -> !methods.contains(start))
                    .ifPresent(methods::add);
        }
        Instrumenter instrumenter = Instrumenter.get();
        instrumenter.ensureJdbc();
        if (READY_METHOD_SELECTORS.contains(methods)) {
            return; // the same method selectors as an earlier run: validated (classes found) and woven
        }
        boolean everyClassFound = validateMethods(methods);
        instrumenter.ensureMethods(
                methods.stream().map(SelectorMatching::methodTarget).collect(Collectors.toList()));
        if (everyClassFound && READY_METHOD_SELECTORS.size() < 256) {
            READY_METHOD_SELECTORS.add(List.copyOf(methods));
        }
    }

    /**
     * Lists of method selectors that an earlier run validated, every class found, and wove: a test that
     * runs the same plan case after case skips both. Bounded, so that generated selectors cannot grow it.
     */
    private static final Set<List<Selector.Method>> READY_METHOD_SELECTORS = ConcurrentHashMap.newKeySet();

    /** Fails before anything runs if a method selector names a loadable class that lacks the method. */
    private static void validate(WatchList watch) {
        validateMethods(methodSelectors(watch));
    }

    /** The method selectors of the watched boundaries (of an occurrence: the method it counts). */
    private static List<Selector.Method> methodSelectors(WatchList watch) {
        List<Selector.Method> methods = new ArrayList<>();
        for (Boundary boundary : watch.boundaries()) {
            Selector.Method method = SelectorMatching.method(boundary.selector());
            if (method != null) {
                methods.add(method);
            }
        }
        return methods;
    }

    /** {@link #validate}; whether every selector's class could be loaded (and so was checked). */
    private static boolean validateMethods(List<Selector.Method> methods) {
        boolean everyClassFound = true;
        for (Selector.Method selector : methods) {
            everyClassFound &= validateMethod(selector);
        }
        return everyClassFound;
    }

    private static boolean validateMethod(Selector.Method selector) {
        ClassLoader loader = Thread.currentThread().getContextClassLoader() != null
                ? Thread.currentThread().getContextClassLoader()
                : ClassLoader.getSystemClassLoader();
        Class<?> type;
        try {
            type = Class.forName(selector.typeName(), false, loader);
        } catch (ClassNotFoundException notYetVisible) {
            return false; // may be defined later by another class loader; a run that never sees it says so
        }
        Set<String> valid = VALID_METHOD_SELECTORS.get(type);
        if (valid.contains(selector.spec())) {
            return true; // a class's methods never change: checked by an earlier run
        }
        requireDeclared(selector, type);
        valid.add(selector.spec());
        return true;
    }

    /** Per class, the specs of the method selectors already found valid for it. */
    private static final ClassValue<Set<String>> VALID_METHOD_SELECTORS = new ClassValue<>() {
        @Override
        protected Set<String> computeValue(Class<?> type) {
            return ConcurrentHashMap.newKeySet();
        }
    };

    private static void requireDeclared(Selector.Method selector, Class<?> type) {
        if (type.getClassLoader() == null) {
            throw new IllegalArgumentException("Cannot select " + selector.description() + ": " + type.getName()
                    + " is a JDK class loaded by the bootstrap class loader, which the engine does not instrument."
                    + " Expected an application or library class. Fix: select the method of your code that calls it.");
        }
        boolean declared = Arrays.stream(type.getDeclaredMethods())
                .anyMatch(method -> method.getName().equals(selector.methodName())
                        && !Modifier.isAbstract(method.getModifiers())
                        && selector.parameterTypes()
                                .map(types -> types.equals(Arrays.stream(method.getParameterTypes())
                                        .map(Class::getTypeName)
                                        .toList()))
                                .orElse(true));
        if (!declared) {
            String methods = Arrays.stream(type.getDeclaredMethods())
                    .filter(method -> !method.isSynthetic())
                    .map(BoundaryEngine::signature)
                    .distinct()
                    .sorted(Comparator.naturalOrder())
                    .collect(Collectors.joining(", "));
            throw new IllegalArgumentException("Cannot select " + selector.description() + ": " + type.getName()
                    + " declares no method " + selector.methodName()
                    + selector.parameterTypes()
                            .map(types -> "(" + String.join(",", types) + ")")
                            .orElse("")
                    + " with a body. Its declared methods: " + (methods.isEmpty() ? "none" : methods) + ". Expected the"
                    + " class that declares and implements the method (not an interface, nor a subclass that"
                    + " inherits it). Fix: name that class, or correct the method name or parameter types.");
        }
    }

    private static String signature(Method method) {
        return method.getName() + "("
                + Arrays.stream(method.getParameterTypes())
                        .map(Class::getTypeName)
                        .collect(Collectors.joining(",")) + ")";
    }

    /** Adds a note for each method selector whose class was never instrumented in this JVM. */
    private static RunReport withMethodNotes(RunReport report, WatchList watch, CrashPlan plan) {
        Set<String> unwoven = new LinkedHashSet<>();
        if (plan != null) {
            addUnwoven(plan.boundary(), unwoven);
        }
        for (Boundary boundary : watch.boundaries()) {
            addUnwoven(boundary, unwoven);
        }
        if (unwoven.isEmpty()) {
            return report;
        }
        List<String> notes = new ArrayList<>(report.notes());
        for (String type : unwoven) {
            notes.add(type + " was never loaded in the process that ran, so none of its methods could be reached");
        }
        return report.with(notes, report.problems());
    }

    private static void addUnwoven(Boundary boundary, Set<String> unwoven) {
        Selector.Method selector = SelectorMatching.method(boundary.selector());
        if (selector != null && !Instrumenter.get().wasTransformed(selector.typeName())) {
            unwoven.add(selector.typeName());
        }
    }

    /** Instrumentation problems not reported by an earlier run. */
    private synchronized List<String> newProblems() {
        if (Instrumenter.get().problemCount() == problemsReported) {
            return List.of();
        }
        List<InstrumentationProblem> all = Instrumenter.get().problems();
        List<String> fresh = all.subList(Math.min(problemsReported, all.size()), all.size()).stream()
                .map(InstrumentationProblem::describe)
                .collect(Collectors.toList());
        problemsReported = all.size();
        return fresh;
    }

    private static void deleteQuietly(Path directory) {
        try (Stream<Path> files = Files.walk(directory)) {
            files.sorted(Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // a temporary directory left behind is harmless; the run's verdict matters more
        }
    }
}
