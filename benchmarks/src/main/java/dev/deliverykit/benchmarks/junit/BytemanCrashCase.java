package dev.deliverykit.benchmarks.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.deliverykit.benchmarks.pipeline.CrashCase;
import java.nio.file.Path;
import org.jboss.byteman.contrib.bmunit.BMRule;
import org.jboss.byteman.contrib.bmunit.WithByteman;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.io.TempDir;

/**
 * B7, Byteman's side: the same crash at the normal exit of {@code OrderedConsumer#apply(String)} with
 * BMUnit 5, as its documentation shows: {@code @WithByteman} on the class (BMUnit attaches the Byteman agent
 * to this JVM, which needs {@code -Djdk.attach.allowAttachSelf=true}), a method-level {@code @BMRule}
 * (injected before each test, removed after it). Then the same recovery and invariant check.
 */
@WithByteman
public class BytemanCrashCase {

    @BeforeAll
    static void warmUp() {
        CrashCases.warmUpWithoutTool();
    }

    @RepeatedTest(CrashCases.CASES)
    @BMRule(
            name = "crash at the exit of OrderedConsumer.apply",
            targetClass = "dev.deliverykit.reference.ordered.OrderedConsumer",
            targetMethod = "apply(String)",
            targetLocation = "AT EXIT",
            condition = "dev.deliverykit.benchmarks.junit.OneShot.fire()",
            action = "throw new dev.deliverykit.benchmarks.junit.RuleCrash(\"apply.after-commit\")")
    void crashAtApplyExitRecoverAndCheck(@TempDir Path dir) {
        OneShot.arm();
        RuleCrash crash = assertThrows(RuleCrash.class, () -> CrashCase.workload(dir));
        assertEquals("apply.after-commit", crash.getMessage());
        CrashCase.recoverAndCheck(dir);
    }
}
