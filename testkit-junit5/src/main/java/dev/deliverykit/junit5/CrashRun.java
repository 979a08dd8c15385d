package dev.deliverykit.junit5;

import dev.deliverykit.CrashMode;
import dev.deliverykit.Workload;
import dev.deliverykit.boundary.BoundaryEngine;
import dev.deliverykit.boundary.ChildLaunch;
import dev.deliverykit.boundary.CrashResult;
import dev.deliverykit.boundary.ProcessWorkload;
import dev.deliverykit.boundary.Recording;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.platform.commons.support.ReflectionSupport;

/**
 * The run of a {@link CrashAt} or {@link CrashSweep} case on the boundary engine: the workload once (crashing,
 * or recording in a sweep's crash-free run), then any number of recoveries.
 */
final class CrashRun extends CaseRun {

    private final CrashCase.Crashing crashing;
    private final KitSettings settings;
    private final Optional<SweepState> sweep;
    private CrashResult crash;
    private Recording recording;
    private List<String> otherProcessDatabases = List.of();

    /** A run of {@code crashing}; {@code sweep} receives the recording of a crash-free run. */
    CrashRun(CrashCase.Crashing crashing, KitSettings settings, Optional<SweepState> sweep, CaseEntry entry) {
        super(entry);
        this.crashing = Objects.requireNonNull(crashing, "crashing");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.sweep = Objects.requireNonNull(sweep, "sweep");
    }

    @Override
    CrashCase.Crashing crashCase() {
        return crashing;
    }

    /** Runs a workload in this JVM; a {@code CHILD_PROCESS} case refuses it. */
    synchronized void run(Workload workload) {
        Objects.requireNonNull(workload, "workload");
        if (crashing.mode() == CrashMode.CHILD_PROCESS) {
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
    synchronized void run(Class<? extends ProcessWorkload> workload, String... args) {
        Objects.requireNonNull(workload, "workload");
        ChildLaunch launch = ChildLaunch.of(workload).args(args).timeout(settings.childTimeout());
        startOnce();
        if (crashing.mode() == CrashMode.CHILD_PROCESS) {
            BoundaryEngine engine = BoundaryEngine.get();
            try {
                if (crashing instanceof CrashCase.RecordBoundaries record) {
                    keep(engine.recordInChildProcess(record.watch(), launch));
                } else if (crashing instanceof CrashCase.CrashAtHit hit) {
                    crash = engine.crashInChildProcess(hit.plan(), launch);
                }
            } catch (AssertionError | RuntimeException failed) {
                failedWith(failed);
                throw failed;
            }
            entry().crashed(crash);
            return;
        }
        ProcessWorkload instance = ReflectionSupport.newInstance(workload);
        List<String> arguments = List.of(args);
        runInThisJvm(() -> instance.run(arguments));
    }

    private void runInThisJvm(Workload workload) {
        BoundaryEngine engine = BoundaryEngine.get();
        try {
            if (crashing instanceof CrashCase.RecordBoundaries record) {
                keep(engine.record(record.watch(), workload));
            } else if (crashing instanceof CrashCase.CrashAtHit hit) {
                crash = engine.crashInProcess(hit.plan().withOtherProcessDatabases(
                        otherProcessDatabases.toArray(new String[0])), workload);
                entry().crashed(crash);
            }
        } catch (AssertionError | RuntimeException failed) {
            failedWith(failed); // the invocation fails with it even if the test catches it
            throw failed;
        }
    }

    /** Databases of another process that the crash leaves alive (JDBC URL prefixes); before {@link #run}. */
    synchronized void otherProcessDatabases(String... jdbcUrlPrefixes) {
        if (ran()) {
            throw new IllegalStateException("scenario.otherProcessDatabases(...) was called after the workload ran in "
                    + crashing.displayName() + ": the crash has already decided which connections die. Fix: call it"
                    + " before scenario.run(...).");
        }
        List<String> all = new ArrayList<>(otherProcessDatabases);
        all.addAll(List.of(jdbcUrlPrefixes));
        otherProcessDatabases = List.copyOf(all);
    }

    private void keep(Recording made) {
        recording = made;
        entry().recorded(made);
        sweep.ifPresent(state -> state.recorded(made));
    }

    /** Runs the recovery in this JVM: a fresh process for the dead workload (new objects, the same files). */
    void restart(Workload recovery) throws Exception {
        Objects.requireNonNull(recovery, "recovery");
        if (!ran()) {
            throw new IllegalStateException("scenario.restart(...) was called before the workload ran in "
                    + crashing.displayName() + ": restart is the recovery after the crash. Fix: call"
                    + " scenario.run(workload) first.");
        }
        recovery.run();
    }

    /** The crash, once run. */
    synchronized Optional<CrashResult> crash() {
        return Optional.ofNullable(crash);
    }

    /** The recording of a crash-free run, once run. */
    synchronized Optional<Recording> recording() {
        return Optional.ofNullable(recording);
    }

    @Override
    String neverRan() {
        return neverCalled("scenario.run(...)", "crashed nothing", "a crash", "run the workload with"
                + " scenario.run(() -> ...) or scenario.run(YourProcessWorkload.class, args...), then recover with"
                + " scenario.restart(() -> ...).");
    }

    @Override
    String afterWhat() {
        return (crashing instanceof CrashCase.RecordBoundaries ? "the crash-free run" : crashing.displayName())
                + " and recovery:";
    }
}
