package dev.deliverykit.benchmarks.junit;

import dev.deliverykit.benchmarks.pipeline.CrashCase;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * B2's second baseline: B2's workload as a plain JUnit test in a bare child JVM, without the kit: the whole
 * workload, then the same recovery and check. Its JVM does what the crash case's child does for the user's code
 * (loads the JDBC driver, opens the files, runs the pipeline), so that what the kit adds can be told from what
 * the workload costs in any fresh JVM.
 */
public class PlainWorkloadCase {

    /** The workload, recovery and check, no crash. */
    @Test
    void runsRecoversAndChecks(@TempDir Path dir) {
        CrashCase.runRecoverAndCheckWithoutCrash(dir);
    }
}
