package dev.deliverykit.reference.scenarios;

import dev.deliverykit.CrashMode;
import dev.deliverykit.boundary.BoundaryEngine;
import dev.deliverykit.boundary.ChildLaunch;
import dev.deliverykit.boundary.CrashPlan;
import dev.deliverykit.boundary.CrashResult;
import dev.deliverykit.boundary.ProcessWorkload;
import java.time.Duration;
import java.util.List;

/**
 * Crashes one reference workload at the first hit of a boundary of {@link ReferenceBoundaries}: as a real
 * process exit of a child JVM that the engine halts there with exit code {@value BoundaryEngine#CRASH_EXIT_CODE},
 * or in this JVM (every connection of the dead run rolled back and closed, the workload unwound). Only the
 * files survive; recovery is up to the caller.
 *
 * <pre>{@code
 * CrashResult crash = ReferenceCrash.at(ReferenceBoundaries.EXECUTE_AFTER_COMMIT, CrashMode.CHILD_PROCESS,
 *         ExecuteWork1.class, dbFile.toString());
 * crash.childResult().orElseThrow().exitCode(); // 73
 * }</pre>
 */
final class ReferenceCrash {

    /** Generous: a child starts in about a second, but on a loaded build machine it may take much longer. */
    static final Duration CHILD_TIMEOUT = Duration.ofSeconds(120);

    private ReferenceCrash() {}

    static CrashResult at(String boundary, CrashMode mode, Class<? extends ProcessWorkload> workload, String... args)
            throws ReflectiveOperationException {
        CrashPlan plan = CrashPlan.at(ReferenceBoundaries.catalogue(), boundary);
        return switch (mode) {
            case CHILD_PROCESS ->
                BoundaryEngine.get()
                        .crashInChildProcess(
                                plan, ChildLaunch.of(workload).args(args).timeout(CHILD_TIMEOUT));
            case IN_PROCESS -> {
                ProcessWorkload instance = workload.getConstructor().newInstance();
                yield BoundaryEngine.get().crashInProcess(plan, () -> instance.run(List.of(args)));
            }
        };
    }
}
