package dev.deliverykit.benchmarks.junit;

import dev.deliverykit.CrashMode;
import dev.deliverykit.benchmarks.pipeline.CrashCase;
import dev.deliverykit.junit5.BoundaryCatalogueSource;
import dev.deliverykit.junit5.CrashAt;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.reference.scenarios.ReferenceBoundaries;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/**
 * B2 through the kit's JUnit face: B2's crash case as a user writes it in {@code CHILD_PROCESS} mode,
 * {@code @CrashAt(value = "apply.after-commit", mode = CHILD_PROCESS)} with a lambda workload. Each case's child
 * JVM reruns the method up to {@code scenario.run}, runs the workload there and halts at the boundary; this JVM
 * recovers and checks ({@link CrashScenario#restart}).
 *
 * <p>{@code @CrashAt} runs a case once per boundary and replay key, so the {@value #CASES} cases are
 * {@value #CASES} methods with the same body: from the second case on, a child started ahead
 * ({@code deliverykit.child.parallelism} above 1) is already up when its case begins.
 */
@BoundaryCatalogueSource(ReferenceCatalogue.class)
public class ChildCrashAtCase {

    /** The crash cases of the class, one per method. */
    public static final int CASES = 4;

    @CrashAt(value = ReferenceBoundaries.APPLY_AFTER_COMMIT, mode = CrashMode.CHILD_PROCESS)
    void case1(CrashScenario scenario, @TempDir Path dir) throws Exception {
        crashRecoverAndCheck(scenario, dir);
    }

    @CrashAt(value = ReferenceBoundaries.APPLY_AFTER_COMMIT, mode = CrashMode.CHILD_PROCESS)
    void case2(CrashScenario scenario, @TempDir Path dir) throws Exception {
        crashRecoverAndCheck(scenario, dir);
    }

    @CrashAt(value = ReferenceBoundaries.APPLY_AFTER_COMMIT, mode = CrashMode.CHILD_PROCESS)
    void case3(CrashScenario scenario, @TempDir Path dir) throws Exception {
        crashRecoverAndCheck(scenario, dir);
    }

    @CrashAt(value = ReferenceBoundaries.APPLY_AFTER_COMMIT, mode = CrashMode.CHILD_PROCESS)
    void case4(CrashScenario scenario, @TempDir Path dir) throws Exception {
        crashRecoverAndCheck(scenario, dir);
    }

    private static void crashRecoverAndCheck(CrashScenario scenario, Path dir) throws Exception {
        scenario.run(() -> CrashCase.workload(dir));
        scenario.restart(() -> CrashCase.recoverAndCheck(dir));
    }
}
