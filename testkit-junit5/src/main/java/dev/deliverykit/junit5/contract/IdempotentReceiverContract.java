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
 * The idempotent receiver's checks (protocols.md section 1): implement it in a test class, return your
 * {@link IdempotentReceiverAdapter} from {@link #adapter()}, and the class runs them all.
 *
 * <pre>{@code
 * class WarehouseReceiverContractTest implements IdempotentReceiverContract {
 *     @Override
 *     public IdempotentReceiverAdapter adapter() {
 *         return new WarehouseAdapter();
 *     }
 * }
 * }</pre>
 *
 * <p>Every check starts a new process of your receiver ({@link IdempotentReceiverAdapter#start}) on new databases,
 * sends it requests as the contract's senders do, and judges the answers and the effects it committed, read back with
 * plain JDBC. Ids, guarantees and seed tables of the checks: {@code docs/contracts.md}. A guarantee your receiver does
 * not promise is declared with {@code @NotPromised} on the class, and its check is skipped saying so.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface IdempotentReceiverContract extends DeliveryContract {

    /** The role's name in the report. */
    String ROLE = "idempotent receiver";

    /** {@value}: a crash at every write and commit of a request, then the retry, leaves one effect. */
    String CRASH_AT_EVERY_BOUNDARY = "receiver.crash-at-every-boundary";
    /** {@value}: the same, at the first commit of a request, as a real process exit. */
    String REAL_PROCESS_EXIT = "receiver.real-process-exit";
    /** {@value}: the same key with the same parameters makes no new effect. */
    String DUPLICATE_SAME_PARAMETERS = "receiver.duplicate-same-parameters";
    /** {@value}: the same key with other parameters is a conflict, never a success. */
    String OTHER_PARAMETERS_CONFLICT = "receiver.other-parameters-conflict";
    /** {@value}: the tenant is part of the key. */
    String TENANT_IN_KEY = "receiver.tenant-in-key";
    /** {@value}: the key, not the body, names the intent. */
    String KEY_NOT_BODY = "receiver.key-not-body";
    /** {@value}: concurrent workers on one key make one effect. */
    String CONCURRENT_WORKERS = "receiver.concurrent-workers-one-key";

    /** The adapter of your receiver: a new one per call (it is called again in a child JVM). */
    IdempotentReceiverAdapter adapter();

    @Guarantee(
            id = CRASH_AT_EVERY_BOUNDARY,
            role = ROLE,
            name = "a crash at every boundary of a request",
            value = "a crash at any write or commit of a request, then the sender's retry in a fresh process, leaves"
                    + " exactly one effect",
            seed = "protocols.md §1, seed 001: crash after the effect, before the answer; the retry returns REF-1"
                    + " again, 1 effect")
    @CrashSweep(
            kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
            sql = "^(INSERT|UPDATE|DELETE|MERGE|UPSERT|REPLACE)")
    default void aCrashAtEveryBoundaryOfARequestLeavesOneEffect(CrashScenario scenario, @TempDir Path dir)
            throws Exception {
        ReceiverChecks.crashThenRetry(
                ContractRun.of(this, adapter(), CRASH_AT_EVERY_BOUNDARY, scenario, dir), scenario);
    }

    @Guarantee(
            id = REAL_PROCESS_EXIT,
            role = ROLE,
            name = "a real process exit after the first commit",
            value = "the receiver's JVM halting right after the first commit of a request, then the retry, leaves"
                    + " exactly one effect",
            seed = "protocols.md §1, seed 001 and the 3 x 5 matrix, boundary 2 (after the remote effect), as a real"
                    + " process exit")
    @CrashAt(selector = "after-commit", mode = CrashMode.CHILD_PROCESS)
    default void aRealProcessExitAfterTheFirstCommitLeavesOneEffect(CrashScenario scenario, @TempDir Path dir)
            throws Exception {
        ReceiverChecks.crashThenRetry(ContractRun.of(this, adapter(), REAL_PROCESS_EXIT, scenario, dir), scenario);
    }

    @Guarantee(
            id = DUPLICATE_SAME_PARAMETERS,
            role = ROLE,
            name = "a duplicate with the same parameters",
            value = "the same key with the same parameters, again and after a restart, makes no new effect and is"
                    + " answered replayed",
            seed = "protocols.md §1, idempotent receiver: same key + same digest returns the stored result, no new"
                    + " effect")
    @Test
    default void aDuplicateWithTheSameParametersMakesNoNewEffect(@TempDir Path dir) throws Exception {
        ReceiverChecks.duplicate(ContractRun.of(this, adapter(), DUPLICATE_SAME_PARAMETERS, dir));
    }

    @Guarantee(
            id = OTHER_PARAMETERS_CONFLICT,
            role = ROLE,
            name = "the same key with other parameters",
            value = "the same key with other parameters is answered conflict, never a success, and makes no effect",
            seed = "protocols.md §1: same key + different digest: reject as conflict (never silently reuse); §4.4")
    @Test
    default void theSameKeyWithOtherParametersIsAConflict(@TempDir Path dir) throws Exception {
        ReceiverChecks.conflict(ContractRun.of(this, adapter(), OTHER_PARAMETERS_CONFLICT, dir));
    }

    @Guarantee(
            id = TENANT_IN_KEY,
            role = ROLE,
            name = "one key under two tenants",
            value = "the same key under two tenants is two intents: each is executed and has its own effect",
            seed = "protocols.md §1: tenant/namespace is part of the key (tenantA:reserve42)")
    @Test
    default void theSameKeyUnderTwoTenantsIsTwoIntents(@TempDir Path dir) throws Exception {
        ReceiverChecks.tenants(ContractRun.of(this, adapter(), TENANT_IN_KEY, dir));
    }

    @Guarantee(
            id = KEY_NOT_BODY,
            role = ROLE,
            name = "two keys with the same parameters",
            value = "two keys with identical parameters are two intents: each is executed and has its own effect",
            seed = "protocols.md §1: the key is the identity of the business intent, not a hash of the request body"
                    + " (two travellers may send identical bodies)")
    @Test
    default void twoKeysWithTheSameParametersAreTwoIntents(@TempDir Path dir) throws Exception {
        ReceiverChecks.twoKeys(ContractRun.of(this, adapter(), KEY_NOT_BODY, dir));
    }

    @Guarantee(
            id = CONCURRENT_WORKERS,
            role = ROLE,
            name = "concurrent workers on one key",
            value = "four workers, each a process of its own, handling one key at the same moment make one effect:"
                    + " one is executed, the others replayed or refused",
            seed = "protocols.md §1: a unique constraint must stop two workers that both saw \"key absent\"; §3: 8"
                    + " threads, 16 calls, same key -> 1 created, 15 replayed")
    @Test
    default void concurrentWorkersOnOneKeyMakeOneEffect(@TempDir Path dir) throws Exception {
        ReceiverChecks.concurrentWorkers(ContractRun.of(this, adapter(), CONCURRENT_WORKERS, dir));
    }
}
