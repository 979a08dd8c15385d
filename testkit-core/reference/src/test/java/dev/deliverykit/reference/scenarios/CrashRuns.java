package dev.deliverykit.reference.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.CrashMode;
import dev.deliverykit.boundary.BoundaryEngine;
import dev.deliverykit.boundary.CrashResult;
import dev.deliverykit.boundary.ProcessWorkload;

/**
 * Runs one {@link ProcessWorkload} to its crash at a boundary of {@link ReferenceBoundaries} as the scenario
 * report does ({@link ReferenceCrash}), either in this JVM or in a child JVM that halts with exit code 73, and
 * checks that it died exactly there.
 */
final class CrashRuns {

    private CrashRuns() {}

    /** Crashes {@code workload} at the first hit of the named boundary; only the files survive. */
    static CrashResult crash(CrashMode mode, String boundary, Class<? extends ProcessWorkload> workload, String... args)
            throws Exception {
        CrashResult result = ReferenceCrash.at(boundary, mode, workload, args);
        if (mode == CrashMode.CHILD_PROCESS) {
            assertThat(result.childResult().orElseThrow().exitCode()).isEqualTo(BoundaryEngine.CRASH_EXIT_CODE);
        } else {
            assertThat(result.childResult()).isEmpty();
        }
        assertThat(result.mode()).isEqualTo(mode);
        assertThat(result.replayKey()).isEqualTo("boundary=" + boundary + ";hit=1");
        assertThat(result.crashSite().boundary().name()).isEqualTo(boundary);
        return result;
    }
}
