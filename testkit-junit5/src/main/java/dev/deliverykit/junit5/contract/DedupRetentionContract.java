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
 * The checks of a receiver whose dedup records are cleaned up (protocols.md section 3): implement it in a test class
 * and return your {@link DedupRetentionAdapter} from {@link #adapter()}.
 *
 * <pre>{@code
 * class ShippingRetentionContractTest implements DedupRetentionContract {
 *     @Override
 *     public DedupRetentionAdapter adapter() {
 *         return new ShippingRetentionAdapter();
 *     }
 * }
 * }</pre>
 *
 * <p>The kit executes requests of an epoch, cleans up through it (crashing the clean-up at every write and commit),
 * and sends late requests: a request whose dedup record is gone must be answered closed or expired, never executed
 * again.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface DedupRetentionContract extends DeliveryContract {

    /** The role's name in the report. */
    String ROLE = "dedup retention";

    /** {@value}: a late duplicate after the clean-up is never executed again. */
    String LATE_REQUEST_AFTER_CLEANUP = "retention.late-request-after-cleanup";
    /** {@value}: a never-seen request of a cleaned-up epoch is closed. */
    String UNSEEN_REQUEST_CLOSED = "retention.unseen-request-of-a-sealed-epoch";
    /** {@value}: a later epoch still executes. */
    String NEXT_EPOCH_EXECUTES = "retention.next-epoch-executes";
    /** {@value}: a crash inside the clean-up, then the late request, never executes it again. */
    String CRASH_INSIDE_CLEANUP = "retention.crash-inside-cleanup";
    /** {@value}: the boundary is never lowered, not by a lower clean-up nor by a restart. */
    String BOUNDARY_NEVER_LOWERED = "retention.boundary-never-lowered";
    /** {@value}: the same as the crash inside the clean-up, after its first commit, as a real process exit. */
    String REAL_PROCESS_EXIT = "retention.real-process-exit";

    /** The adapter of your receiver and clean-up: a new one per call (it is called again in a child JVM). */
    DedupRetentionAdapter adapter();

    @Guarantee(
            id = LATE_REQUEST_AFTER_CLEANUP,
            role = ROLE,
            name = "a late duplicate after the clean-up",
            value = "a request sent again after its epoch was cleaned up is answered closed or result expired, never"
                    + " executed again",
            seed = "protocols.md §3: unsafe cleanup then the late request: created, effects 1 -> 2; seal epoch 1,"
                    + " then the late request: closed; §4.5")
    @Test
    default void aLateDuplicateAfterTheCleanUpIsNeverExecutedAgain(@TempDir Path dir) throws Exception {
        RetentionChecks.lateDuplicate(ContractRun.of(this, adapter(), LATE_REQUEST_AFTER_CLEANUP, dir));
    }

    @Guarantee(
            id = UNSEEN_REQUEST_CLOSED,
            role = ROLE,
            name = "a never-seen request of a cleaned-up epoch",
            value = "a request the receiver never saw, of an epoch already cleaned up, is answered closed: no record"
                    + " can tell it from a forgotten one",
            seed = "protocols.md §3: seal epoch 1, then a never-seen op of epoch 1: closed")
    @Test
    default void aNeverSeenRequestOfACleanedUpEpochIsClosed(@TempDir Path dir) throws Exception {
        RetentionChecks.unseenRequest(ContractRun.of(this, adapter(), UNSEEN_REQUEST_CLOSED, dir));
    }

    @Guarantee(
            id = NEXT_EPOCH_EXECUTES,
            role = ROLE,
            name = "a request of the next epoch",
            value = "after the clean-up of an epoch, a new request of the next epoch is executed",
            seed = "protocols.md §3: a new op of epoch 2: created (2 effects: the original and the new one)")
    @Test
    default void aRequestOfTheNextEpochIsExecuted(@TempDir Path dir) throws Exception {
        RetentionChecks.nextEpoch(ContractRun.of(this, adapter(), NEXT_EPOCH_EXECUTES, dir));
    }

    @Guarantee(
            id = CRASH_INSIDE_CLEANUP,
            role = ROLE,
            name = "a crash inside the clean-up",
            value = "a crash at any write or commit of the clean-up, then the late request in a fresh process, never"
                    + " executes the request again: it is replayed, closed or expired",
            seed = "protocols.md §3, crash inside close_and_collect: before commit -> boundary 0, old request"
                    + " replayed; after commit -> boundary 1, old request closed")
    @CrashSweep(
            kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
            sql = "^(INSERT|UPDATE|DELETE|MERGE|UPSERT|REPLACE)")
    default void aCrashInsideTheCleanUpNeverExecutesTheLateRequest(CrashScenario scenario, @TempDir Path dir)
            throws Exception {
        RetentionChecks.crashInsideCleanup(
                ContractRun.of(this, adapter(), CRASH_INSIDE_CLEANUP, scenario, dir), scenario);
    }

    @Guarantee(
            id = BOUNDARY_NEVER_LOWERED,
            role = ROLE,
            name = "a lower clean-up and a restart",
            value = "a clean-up through a lower epoch, and a restart, re-admit no request of an epoch already"
                    + " cleaned up",
            seed = "protocols.md §3: the boundary can never be lowered through the API, and re-initialising does not"
                    + " reset it")
    @Test
    default void theBoundaryIsNeverLowered(@TempDir Path dir) throws Exception {
        RetentionChecks.boundaryNeverLowered(ContractRun.of(this, adapter(), BOUNDARY_NEVER_LOWERED, dir));
    }

    @Guarantee(
            id = REAL_PROCESS_EXIT,
            role = ROLE,
            name = "a real process exit after the clean-up's first commit",
            value = "the JVM halting right after the first commit of the clean-up, then the late request, never"
                    + " executes it again",
            seed = "protocols.md §3, crash inside close_and_collect after commit, before reply -> old request closed,"
                    + " as a real process exit")
    @CrashAt(selector = "after-commit", mode = CrashMode.CHILD_PROCESS)
    default void aRealProcessExitAfterTheCleanUpsFirstCommitNeverExecutesTheLateRequest(
            CrashScenario scenario, @TempDir Path dir) throws Exception {
        RetentionChecks.crashInsideCleanup(ContractRun.of(this, adapter(), REAL_PROCESS_EXIT, scenario, dir), scenario);
    }
}
