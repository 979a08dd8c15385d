package dev.deliverykit.reference.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.CrashMode;
import dev.deliverykit.boundary.BoundaryEngine;
import dev.deliverykit.boundary.ChildLaunch;
import dev.deliverykit.boundary.CrashPlan;
import dev.deliverykit.boundary.CrashResult;
import dev.deliverykit.boundary.ProcessWorkload;
import java.time.Duration;
import java.util.List;

/**
 * Runs one {@link ProcessWorkload} to its crash at a boundary of {@link ReferenceBoundaries}, either in
 * this JVM or in a child JVM that halts with exit code 73, and checks that it died exactly there.
 */
final class CrashRuns {

    private static final Duration CHILD_TIMEOUT = Duration.ofSeconds(120);

    private CrashRuns() {
    }

    /** Crashes {@code workload} at the first hit of the named boundary; only the files survive. */
    static CrashResult crash(CrashMode mode, String boundary, Class<? extends ProcessWorkload> workload, String... args)
            throws Exception {
        CrashPlan plan = CrashPlan.at(ReferenceBoundaries.catalogue(), boundary);
        CrashResult result;
        if (mode == CrashMode.IN_PROCESS) {
            ProcessWorkload instance = workload.getConstructor().newInstance();
            result = BoundaryEngine.get().crashInProcess(plan, () -> instance.run(List.of(args)));
        } else {
            result = BoundaryEngine.get().crashInChildProcess(plan,
                    ChildLaunch.of(workload).args(args).timeout(CHILD_TIMEOUT));
            assertThat(result.childResult().orElseThrow().exitCode()).isEqualTo(BoundaryEngine.CRASH_EXIT_CODE);
        }
        assertThat(result.mode()).isEqualTo(mode);
        assertThat(result.replayKey()).isEqualTo("boundary=" + boundary + ";hit=1");
        assertThat(result.crashSite().boundary().name()).isEqualTo(boundary);
        return result;
    }
}
