package dev.deliverykit.benchmarks.junit;

import dev.deliverykit.benchmarks.pipeline.CrashCase;
import dev.deliverykit.junit5.BoundaryCatalogueSource;
import dev.deliverykit.junit5.CrashAt;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.reference.scenarios.ReferenceBoundaries;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * B7, our side through the kit's JUnit face: {@code @CrashAt("apply.after-commit")} from the reference
 * catalogue (the normal exit of {@code OrderedConsumer#apply(String)}), {@link CrashScenario#run} to the
 * crash, {@link CrashScenario#restart} for recovery and the invariant check. The JVM has
 * {@code -javaagent:<testkit-core jar>}, like surefire's argLine.
 *
 * <p>{@code @CrashAt} runs a case once per boundary and replay key (the same name twice is one case), so
 * the {@value CrashCases#CASES} cases are {@value CrashCases#CASES} methods with the same body.
 */
@BoundaryCatalogueSource(ReferenceCatalogue.class)
public class CrashAtCase {

    @BeforeAll
    static void warmUp() {
        CrashCases.warmUpWithoutTool();
    }

    @CrashAt(ReferenceBoundaries.APPLY_AFTER_COMMIT)
    void case01(CrashScenario scenario, @TempDir Path dir) throws Exception {
        crashRecoverAndCheck(scenario, dir);
    }

    @CrashAt(ReferenceBoundaries.APPLY_AFTER_COMMIT)
    void case02(CrashScenario scenario, @TempDir Path dir) throws Exception {
        crashRecoverAndCheck(scenario, dir);
    }

    @CrashAt(ReferenceBoundaries.APPLY_AFTER_COMMIT)
    void case03(CrashScenario scenario, @TempDir Path dir) throws Exception {
        crashRecoverAndCheck(scenario, dir);
    }

    @CrashAt(ReferenceBoundaries.APPLY_AFTER_COMMIT)
    void case04(CrashScenario scenario, @TempDir Path dir) throws Exception {
        crashRecoverAndCheck(scenario, dir);
    }

    @CrashAt(ReferenceBoundaries.APPLY_AFTER_COMMIT)
    void case05(CrashScenario scenario, @TempDir Path dir) throws Exception {
        crashRecoverAndCheck(scenario, dir);
    }

    @CrashAt(ReferenceBoundaries.APPLY_AFTER_COMMIT)
    void case06(CrashScenario scenario, @TempDir Path dir) throws Exception {
        crashRecoverAndCheck(scenario, dir);
    }

    @CrashAt(ReferenceBoundaries.APPLY_AFTER_COMMIT)
    void case07(CrashScenario scenario, @TempDir Path dir) throws Exception {
        crashRecoverAndCheck(scenario, dir);
    }

    @CrashAt(ReferenceBoundaries.APPLY_AFTER_COMMIT)
    void case08(CrashScenario scenario, @TempDir Path dir) throws Exception {
        crashRecoverAndCheck(scenario, dir);
    }

    @CrashAt(ReferenceBoundaries.APPLY_AFTER_COMMIT)
    void case09(CrashScenario scenario, @TempDir Path dir) throws Exception {
        crashRecoverAndCheck(scenario, dir);
    }

    @CrashAt(ReferenceBoundaries.APPLY_AFTER_COMMIT)
    void case10(CrashScenario scenario, @TempDir Path dir) throws Exception {
        crashRecoverAndCheck(scenario, dir);
    }

    private static void crashRecoverAndCheck(CrashScenario scenario, Path dir) throws Exception {
        scenario.run(() -> CrashCase.workload(dir));
        scenario.restart(() -> CrashCase.recoverAndCheck(dir));
    }
}
