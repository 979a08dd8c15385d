package dev.deliverykit.junit5.contract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.CrashMode;
import dev.deliverykit.junit5.CrashAt;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.Guarantee;
import dev.deliverykit.junit5.SweepKind;
import java.nio.file.Path;
import org.apiguardian.api.API;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The end-to-end checks of a whole pipeline, producer, relay and receiver (protocols.md section 1, the 3 x 5 crash
 * matrix): implement it in a test class and return your {@link DeliveryPipelineAdapter} from {@link #adapter()}.
 *
 * <pre>{@code
 * class OrderPipelineContractTest implements DeliveryPipelineContract {
 *     @Override
 *     public DeliveryPipelineAdapter adapter() {
 *         return new OrderPipelineAdapter();
 *     }
 * }
 * }</pre>
 *
 * <p>The kit submits intents, crashes the pipeline at every write and commit on the way, recovers as a caller and a
 * relay do (the caller resubmits, the relay resends what is pending), and checks exactly one effect per recorded
 * intent: the safety and the liveness of "exactly once".
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface DeliveryPipelineContract extends DeliveryContract {

    /** The role's name in the report. */
    String ROLE = "delivery pipeline";

    /** {@value}: a crash at every write and commit on the way leaves exactly one effect per intent. */
    String CRASH_AT_EVERY_BOUNDARY = "pipeline.crash-at-every-boundary";
    /** {@value}: the same, at the second commit on the way, as a real process exit. */
    String REAL_PROCESS_EXIT = "pipeline.real-process-exit";
    /** {@value}: an intent submitted twice has one effect. */
    String RESUBMITTED_ONCE = "pipeline.resubmitted-intent-once";
    /** {@value}: several intents, each one effect. */
    String EVERY_INTENT_ONCE = "pipeline.every-intent-once";

    /** The adapter of your pipeline: a new one per call (it is called again in a child JVM). */
    DeliveryPipelineAdapter adapter();

    @Guarantee(
            id = CRASH_AT_EVERY_BOUNDARY,
            role = ROLE,
            name = "a crash at every boundary on the way",
            value = "a crash at any write or commit from submitting an intent to its effect, then the caller's"
                    + " resubmission and a relay, leaves exactly one effect per recorded intent",
            seed = "protocols.md §1, the 3 x 5 crash matrix: N = 1 at every boundary for the outbox + atomic"
                    + " receiver receipt")
    @CrashSweep(
            kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
            sql = "^(INSERT|UPDATE|DELETE|MERGE|UPSERT|REPLACE)")
    default void aCrashAtEveryBoundaryOnTheWayLeavesOneEffect(CrashScenario scenario, @TempDir Path dir)
            throws Exception {
        PipelineChecks.submitThenRecover(
                ContractRun.of(this, adapter(), CRASH_AT_EVERY_BOUNDARY, scenario, dir), scenario);
    }

    @Guarantee(
            id = REAL_PROCESS_EXIT,
            role = ROLE,
            name = "a real process exit after the second commit",
            value = "the pipeline's JVM halting right after its second commit (the first step after recording), then"
                    + " the caller's resubmission and a relay, leaves exactly one effect",
            seed = "protocols.md §1, 3 x 5 matrix boundaries 1 and 2: mark-first N = 0, outbox without dedup N = 2, as"
                    + " a real process exit")
    @CrashAt(selector = "after-commit", occurrence = 2, mode = CrashMode.CHILD_PROCESS)
    default void aRealProcessExitAfterTheSecondCommitLeavesOneEffect(CrashScenario scenario, @TempDir Path dir)
            throws Exception {
        PipelineChecks.submitThenRecover(ContractRun.of(this, adapter(), REAL_PROCESS_EXIT, scenario, dir), scenario);
    }

    @Guarantee(
            id = RESUBMITTED_ONCE,
            role = ROLE,
            name = "a resubmitted intent",
            value = "an intent submitted again after a restart, then relayed, has one effect",
            seed = "protocols.md §1, boundary 0: the caller resubmits the same intent; N = 1 for every protocol")
    @Test
    default void aResubmittedIntentHasOneEffect(@TempDir Path dir) throws Exception {
        PipelineChecks.resubmitted(ContractRun.of(this, adapter(), RESUBMITTED_ONCE, dir));
    }

    @Guarantee(
            id = EVERY_INTENT_ONCE,
            role = ROLE,
            name = "several intents",
            value = "three intents submitted and relayed, then relayed again after a restart, have one effect each",
            seed = "protocols.md §1: safety N(k) <= 1 and liveness N(k) >= 1 for every key")
    @Test
    default void everyIntentHasOneEffect(@TempDir Path dir) throws Exception {
        PipelineChecks.severalIntents(ContractRun.of(this, adapter(), EVERY_INTENT_ONCE, dir));
    }
}
