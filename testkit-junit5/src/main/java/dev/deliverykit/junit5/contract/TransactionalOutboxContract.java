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
 * The transactional outbox's checks (protocols.md sections 1, 2 and 4.1): implement it in a test class and return your
 * {@link TransactionalOutboxAdapter} from {@link #adapter()}.
 *
 * <pre>{@code
 * class OrdersOutboxContractTest implements TransactionalOutboxContract {
 *     @Override
 *     public TransactionalOutboxAdapter adapter() {
 *         return new OrdersOutboxAdapter();
 *     }
 * }
 * }</pre>
 *
 * <p>The kit records intents (a new order), relays, crashes the producer at every write and commit, recovers as the
 * caller does (it retries the intent it got no answer for, then relays), and judges the state, the outbox rows and what
 * was relayed, read back with plain JDBC. A relay delivers at least once: a message relayed twice after a crash is the
 * receiver's to dedup ({@link IdempotentReceiverContract}), a message never relayed is a lost intent.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface TransactionalOutboxContract extends DeliveryContract {

    /** The role's name in the report. */
    String ROLE = "transactional outbox";

    /** {@value}: a crash at every write and commit of recording leaves state and outbox row together. */
    String STATE_AND_OUTBOX_TOGETHER = "outbox.state-and-outbox-together";
    /** {@value}: a crash at every write and commit of relaying loses no intent. */
    String NO_LOST_INTENT = "outbox.no-lost-intent";
    /** {@value}: the same, at the first commit, as a real process exit. */
    String REAL_PROCESS_EXIT = "outbox.real-process-exit";
    /** {@value}: an intent recorded again (the caller retried) is recorded once. */
    String RETRY_RECORDS_ONCE = "outbox.retry-records-once";
    /** {@value}: a relayed row is never relayed again. */
    String RELAY_NEVER_RESENDS = "outbox.relay-never-resends-done-rows";
    /** {@value}: relayed rows are marked, not deleted. */
    String ROWS_MARKED_NOT_DELETED = "outbox.rows-marked-not-deleted";

    /** The adapter of your producer: a new one per call (it is called again in a child JVM). */
    TransactionalOutboxAdapter adapter();

    @Guarantee(
            id = STATE_AND_OUTBOX_TOGETHER,
            role = ROLE,
            name = "state and outbox row together",
            value = "a crash at any write or commit of recording an intent, then the caller's retry, leaves no state"
                    + " without its outbox row and no outbox row without its state",
            seed = "protocols.md §2, unsafe_dual_write: flow row exists, outbox empty; ten crash boundaries 1 to 3;"
                    + " §4.1")
    @CrashSweep(
            kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
            sql = "^(INSERT|UPDATE|DELETE|MERGE|UPSERT|REPLACE)")
    default void aCrashWhileRecordingLeavesStateAndOutboxRowTogether(CrashScenario scenario, @TempDir Path dir)
            throws Exception {
        OutboxChecks.recordThenRetry(
                ContractRun.of(this, adapter(), STATE_AND_OUTBOX_TOGETHER, scenario, dir), scenario);
    }

    @Guarantee(
            id = NO_LOST_INTENT,
            role = ROLE,
            name = "no intent lost to a crash of the relay",
            value = "a crash at any write or commit of relaying a recorded intent, then a relay in a fresh process,"
                    + " loses no intent: it is relayed at least once",
            seed = "protocols.md §1, 3 x 5 matrix boundaries 1 to 4 (mark-first loses the intent at boundary 1);"
                    + " recovery resends pending rows; §2, ten crash boundaries 6 and 7; §4.2")
    @CrashSweep(
            kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
            sql = "^(INSERT|UPDATE|DELETE|MERGE|UPSERT|REPLACE)")
    default void aCrashWhileRelayingLosesNoIntent(CrashScenario scenario, @TempDir Path dir) throws Exception {
        OutboxChecks.relayThenRecover(ContractRun.of(this, adapter(), NO_LOST_INTENT, scenario, dir), scenario);
    }

    @Guarantee(
            id = REAL_PROCESS_EXIT,
            role = ROLE,
            name = "a real process exit after the first commit",
            value = "the producer's JVM halting right after its first commit, then the caller's retry and a relay,"
                    + " leaves state and outbox row together and loses no intent",
            seed = "protocols.md §2, ten crash boundaries (real process exit, code 73), boundary 3 (producer: after"
                    + " commit)")
    @CrashAt(selector = "after-commit", mode = CrashMode.CHILD_PROCESS)
    default void aRealProcessExitAfterTheFirstCommitLosesNothing(CrashScenario scenario, @TempDir Path dir)
            throws Exception {
        OutboxChecks.recordRelayThenRecover(
                ContractRun.of(this, adapter(), REAL_PROCESS_EXIT, scenario, dir), scenario);
    }

    @Guarantee(
            id = RETRY_RECORDS_ONCE,
            role = ROLE,
            name = "a retried intent",
            value = "an intent recorded again by a caller that got no answer, after a restart, is one state row and"
                    + " one outbox row",
            seed = "protocols.md §1: a command's id is deterministic (workflow_id:event_seq:command_index), never a"
                    + " fresh UUID per attempt")
    @Test
    default void aRetriedIntentIsRecordedOnce(@TempDir Path dir) throws Exception {
        OutboxChecks.retryRecordsOnce(ContractRun.of(this, adapter(), RETRY_RECORDS_ONCE, dir));
    }

    @Guarantee(
            id = RELAY_NEVER_RESENDS,
            role = ROLE,
            name = "a relay after a complete relay",
            value = "rows a relay completed are not relayed again by the next relay, also after a restart",
            seed = "protocols.md §1: recovery resends pending rows and never redoes done rows")
    @Test
    default void aCompletedRowIsNeverRelayedAgain(@TempDir Path dir) throws Exception {
        OutboxChecks.relayNeverResends(ContractRun.of(this, adapter(), RELAY_NEVER_RESENDS, dir));
    }

    @Guarantee(
            id = ROWS_MARKED_NOT_DELETED,
            role = ROLE,
            name = "relayed rows kept",
            value = "relayed outbox rows are marked done, not deleted, so the outbox keeps its audit trail",
            seed = "protocols.md §1: outbox rows are marked, not deleted (audit, late duplicate responses)")
    @Test
    default void relayedRowsAreMarkedNotDeleted(@TempDir Path dir) throws Exception {
        OutboxChecks.rowsKept(ContractRun.of(this, adapter(), ROWS_MARKED_NOT_DELETED, dir));
    }
}
