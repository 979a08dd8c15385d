package dev.deliverykit.benchmarks.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.deliverykit.benchmarks.pipeline.CrashCase;
import dev.deliverykit.benchmarks.pipeline.OrderedBoundaries;
import dev.deliverykit.boundary.BoundaryEngine;
import dev.deliverykit.boundary.CrashPlan;
import dev.deliverykit.boundary.CrashResult;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.io.TempDir;

/**
 * B7, our side: the in-process crash at the normal exit of {@code OrderedConsumer#apply(String)} with the
 * boundary engine's API, as a user's JUnit test writes it (the JVM has {@code -javaagent:<testkit-core jar>},
 * like surefire's argLine), then recovery and the invariant check.
 */
public class EngineCrashCase {

    @BeforeAll
    static void warmUp() {
        CrashCases.warmUpWithoutTool();
    }

    @RepeatedTest(CrashCases.CASES)
    void crashAtApplyExitRecoverAndCheck(@TempDir Path dir) {
        CrashResult crash = BoundaryEngine.get()
                .crashInProcess(
                        CrashPlan.at(OrderedBoundaries.catalogue(), OrderedBoundaries.APPLY_AFTER_COMMIT),
                        () -> CrashCase.workload(dir));
        assertEquals("boundary=apply.after-commit;hit=1", crash.replayKey());
        CrashCase.recoverAndCheck(dir);
    }
}
