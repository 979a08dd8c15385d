package dev.deliverykit.internal.junit5;

import dev.deliverykit.boundary.BoundaryEngine;
import dev.deliverykit.boundary.ChildLaunch;
import dev.deliverykit.boundary.CrashResult;
import dev.deliverykit.boundary.ProcessWorkload;
import dev.deliverykit.boundary.Recording;
import dev.deliverykit.Workload;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.InvariantResult;
import dev.deliverykit.invariant.Verdict;
import dev.deliverykit.junit5.CrashMode;
import dev.deliverykit.order.DeliveryResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.platform.commons.support.ReflectionSupport;
import org.opentest4j.AssertionFailedError;

/**
 * One invocation's run of its case on the boundary engine: the workload once (crashing, or recording in a
 * sweep's crash-free run), then any number of recoveries. Lives in the invocation's store.
 */
public final class ScenarioRun {

    private final CrashCase crashCase;
    private final KitSettings settings;
    private final SweepState sweep;
    private final CaseEntry entry;
    private boolean ran;
    private CrashResult crash;
    private Recording recording;
    private DeliveryResult delivered;
    private List<DeclaredInvariants.Declared> declared = List.of();
    private Throwable verdict;
    private List<String> otherProcessDatabases = List.of();

    /** A run of {@code crashCase}; {@code sweep} receives the recording of a crash-free run (else {@code null}). */
    public ScenarioRun(CrashCase crashCase, KitSettings settings, SweepState sweep, CaseEntry entry) {
        this.crashCase = Objects.requireNonNull(crashCase, "crashCase");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.sweep = sweep;
        this.entry = Objects.requireNonNull(entry, "entry");
    }

    /** The case. */
    public CrashCase crashCase() {
        return crashCase;
    }

    /**
     * Runs the workload and delivers its calls of the entry point in the case's order.
     *
     * @throws Exception whatever the workload throws; {@code OrderNotHonouredError} if the order could not
     *     be delivered
     */
    public DeliveryResult deliver(Workload workload) throws Exception {
        Objects.requireNonNull(workload, "workload");
        synchronized (this) {
            if (crashCase.kind() != CrashCase.Kind.ORDER) {
                throw new IllegalStateException("deliver(...) belongs to @DeliverInOrder tests; this case crashes: use"
                        + " run(...)");
            }
            startOnce();
        }
        DeliveryResult result = crashCase.delivery().orElseThrow().run(crashCase.order().orElseThrow(), workload);
        synchronized (this) {
            delivered = result;
        }
        entry.observe("delivered", String.join(",", result.delivered()));
        return result;
    }

    /** The delivery, once {@link #deliver} returned. */
    public synchronized Optional<DeliveryResult> delivered() {
        return Optional.ofNullable(delivered);
    }

    /** Runs a workload in this JVM; a {@code CHILD_PROCESS} case refuses it. */
    public synchronized void run(Workload workload) {
        Objects.requireNonNull(workload, "workload");
        requireCrashCase();
        if (crashCase.mode() == CrashMode.CHILD_PROCESS) {
            throw new ExtensionConfigurationException("This case runs in a child JVM (mode = CHILD_PROCESS), but"
                    + " scenario.run(...) was given a lambda, which cannot cross into another JVM. Fix: write the"
                    + " workload as a public class implementing dev.deliverykit.boundary.ProcessWorkload with a public"
                    + " no-argument constructor and call scenario.run(YourWorkload.class, args...), or use"
                    + " mode = CrashMode.IN_PROCESS.");
        }
        startOnce();
        runInThisJvm(workload);
    }

    /** Runs a process workload: in a child JVM for a {@code CHILD_PROCESS} case, else in this JVM. */
    public synchronized void run(Class<? extends ProcessWorkload> workload, String... args) {
        Objects.requireNonNull(workload, "workload");
        requireCrashCase();
        ChildLaunch launch = ChildLaunch.of(workload).args(args).timeout(settings.childTimeout());
        startOnce();
        BoundaryEngine engine = BoundaryEngine.get();
        if (crashCase.mode() == CrashMode.CHILD_PROCESS) {
            try {
                if (crashCase.kind() == CrashCase.Kind.RECORD) {
                    keep(engine.recordInChildProcess(crashCase.watch(), launch));
                } else {
                    crash = engine.crashInChildProcess(crashCase.plan(), launch);
                }
            } catch (AssertionError | RuntimeException failed) {
                verdict = failed;
                throw failed;
            }
            entry.crashed(crash);
            return;
        }
        ProcessWorkload instance = ReflectionSupport.newInstance(workload);
        List<String> arguments = List.of(args);
        runInThisJvm(() -> instance.run(arguments));
    }

    private void runInThisJvm(Workload workload) {
        BoundaryEngine engine = BoundaryEngine.get();
        try {
            if (crashCase.kind() == CrashCase.Kind.RECORD) {
                keep(engine.record(crashCase.watch(), workload));
            } else {
                crash = engine.crashInProcess(crashCase.plan().withOtherProcessDatabases(
                        otherProcessDatabases.toArray(new String[0])), workload);
                entry.crashed(crash);
            }
        } catch (AssertionError | RuntimeException failed) {
            verdict = failed; // the invocation fails with it even if the test catches it
            throw failed;
        }
    }

    /**
     * The engine's verdict that failed this run ({@code BoundaryNotReachedError}, a crashed process that
     * kept working, ...), kept so that a test cannot hide it by catching it.
     */
    public synchronized Optional<Throwable> verdict() {
        return Optional.ofNullable(verdict);
    }

    /** Databases of another process that the crash leaves alive (JDBC URL prefixes); before {@link #run}. */
    public synchronized void otherProcessDatabases(String... jdbcUrlPrefixes) {
        if (ran) {
            throw new IllegalStateException("scenario.otherProcessDatabases(...) was called after the workload ran in "
                    + crashCase.displayName() + ": the crash has already decided which connections die. Fix: call it"
                    + " before scenario.run(...).");
        }
        List<String> all = new ArrayList<>(otherProcessDatabases);
        all.addAll(List.of(jdbcUrlPrefixes));
        otherProcessDatabases = List.copyOf(all);
    }

    private void requireCrashCase() {
        if (crashCase.kind() == CrashCase.Kind.ORDER) {
            throw new IllegalStateException("run(...) belongs to crash tests; this case delivers in order: use"
                    + " deliver(...)");
        }
    }

    private void startOnce() {
        if (ran) {
            throw new IllegalStateException("The workload was started twice in " + crashCase.displayName()
                    + ": each invocation runs one workload once. Fix: put the whole workload in one call, and"
                    + " the recovery in restart(...).");
        }
        ran = true;
    }

    private void keep(Recording made) {
        recording = made;
        entry.recorded(made);
        if (sweep != null) {
            sweep.recorded(made);
        }
    }

    /** Runs the recovery in this JVM: a fresh process for the dead workload (new objects, the same files). */
    public void restart(Workload recovery) throws Exception {
        Objects.requireNonNull(recovery, "recovery");
        synchronized (this) {
            if (!ran) {
                throw new IllegalStateException("scenario.restart(...) was called before the workload ran in "
                        + crashCase.displayName() + ": restart is the recovery after the crash. Fix: call"
                        + " scenario.run(workload) first.");
            }
        }
        recovery.run();
    }

    /** Whether {@link #run} was called. */
    public synchronized boolean ran() {
        return ran;
    }

    /** The crash, once run. */
    public synchronized Optional<CrashResult> crash() {
        return Optional.ofNullable(crash);
    }

    /** The recording of a crash-free run, once run. */
    public synchronized Optional<Recording> recording() {
        return Optional.ofNullable(recording);
    }

    /**
     * Checks every invariant (all of them, so that every cell of the report's row is filled), records each
     * result in the report, and fails if any is violated, with the message of each violated one.
     */
    public List<InvariantResult> assertHolds(Invariant... checks) {
        if (checks.length == 0) {
            throw new IllegalArgumentException("assertHolds needs at least one invariant, such as"
                    + " Invariants.exactlyOncePerKey()...");
        }
        List<InvariantResult> results = new ArrayList<>();
        for (Invariant invariant : checks) {
            results.add(checkAndRecord(Objects.requireNonNull(invariant, "invariant")));
        }
        List<InvariantResult> violated = results.stream().filter(result -> result.verdict() == Verdict.VIOLATED)
                .toList();
        if (!violated.isEmpty()) {
            StringBuilder message = new StringBuilder(header(violated.size(), results.size(), "", "violated"));
            violated.forEach(result -> message.append('\n').append(result.message()));
            throw new AssertionError(message.toString());
        }
        return List.copyOf(results);
    }

    /** Keeps the {@code @CheckInvariant} invariants of this invocation, read just before the test method. */
    public synchronized void declare(List<DeclaredInvariants.Declared> invariants) {
        declared = List.copyOf(invariants);
    }

    /**
     * Checks every {@code @CheckInvariant} invariant once the workload has run, records each result in the
     * report, and returns the failure naming each violated (or uncheckable) one's field, with the case and its
     * replay key; empty if all hold, none is declared, or the workload never started.
     */
    public Optional<AssertionFailedError> checkDeclared() {
        List<DeclaredInvariants.Declared> invariants;
        synchronized (this) {
            if (!ran || declared.isEmpty()) {
                return Optional.empty();
            }
            invariants = declared;
        }
        List<String> failures = new ArrayList<>();
        List<RuntimeException> errors = new ArrayList<>();
        for (DeclaredInvariants.Declared declaredInvariant : invariants) {
            try {
                InvariantResult result = checkAndRecord(declaredInvariant.invariant());
                if (result.verdict() == Verdict.VIOLATED) {
                    failures.add("[" + declaredInvariant.field() + "] " + result.message());
                }
            } catch (RuntimeException uncheckable) {
                errors.add(uncheckable);
                failures.add("[" + declaredInvariant.field() + "] could not be checked: " + uncheckable);
            }
        }
        if (failures.isEmpty()) {
            return Optional.empty();
        }
        AssertionFailedError failure = new AssertionFailedError(header(failures.size(), invariants.size(),
                " declared with @CheckInvariant", errors.isEmpty() ? "violated" : "violated or could not be checked")
                + "\n" + String.join("\n", failures) + "\n\n" + FailureMessages.block(crashCase));
        errors.forEach(failure::addSuppressed);
        return Optional.of(failure);
    }

    private InvariantResult checkAndRecord(Invariant invariant) {
        InvariantResult result = invariant.check();
        entry.checked(result);
        return result;
    }

    /** {@code 1 of 2 invariants <which> violated after crash at boundary-1 #1 and recovery:}. */
    private String header(int failed, int total, String which, String what) {
        return failed + " of " + total + (total == 1 ? " invariant" : " invariants") + which + " " + what + " after "
                + (crashCase.kind() == CrashCase.Kind.RECORD ? "the crash-free run" : crashCase.displayName())
                + (crashCase.kind() == CrashCase.Kind.ORDER ? ":" : " and recovery:");
    }

    /** Adds a named value to the case's row in the report. */
    public void observe(String name, Object value) {
        entry.observe(name, value);
    }
}
