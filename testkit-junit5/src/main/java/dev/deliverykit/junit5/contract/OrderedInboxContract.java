package dev.deliverykit.junit5.contract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.CrashMode;
import dev.deliverykit.junit5.CrashAt;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.DeliverInOrder;
import dev.deliverykit.junit5.DeliveryScenario;
import dev.deliverykit.junit5.Guarantee;
import dev.deliverykit.junit5.SweepKind;
import java.nio.file.Path;
import org.apiguardian.api.API;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ordered inbox's checks (protocols.md section 2): implement it in a test class and return your
 * {@link OrderedInboxAdapter} from {@link #adapter()}.
 *
 * <pre>{@code
 * class ShippingInboxContractTest implements OrderedInboxContract {
 *     @Override
 *     public OrderedInboxAdapter adapter() {
 *         return new ShippingInboxAdapter();
 *     }
 * }
 * }</pre>
 *
 * <p>The kit delivers the three steps of a flow ({@code A1}, {@code A2}, {@code A3}) in every arrival order, with
 * duplicates, gaps, an unsupported version and a second flow, crashes the inbox at every write and commit, and checks
 * that each flow's applied events are a contiguous prefix {@code 1..k}, each applied once, whatever arrived.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface OrderedInboxContract extends DeliveryContract {

    /** The role's name in the report. */
    String ROLE = "ordered inbox";

    /** {@value}: every arrival order of a flow's three events applies them in sequence, each once. */
    String EVERY_ARRIVAL_ORDER = "inbox.every-arrival-order";
    /** {@value}: duplicates are applied once. */
    String DUPLICATES_APPLY_ONCE = "inbox.duplicates-apply-once";
    /** {@value}: a missing event stops its flow at the gap until it arrives. */
    String GAP_WAITS = "inbox.gap-waits-for-the-missing-event";
    /** {@value}: an unsupported version blocks its flow, never skipped. */
    String UNSUPPORTED_VERSION_BLOCKS = "inbox.unsupported-version-blocks";
    /** {@value}: a gap in one flow does not stop another. */
    String FLOWS_ISOLATED = "inbox.flows-are-isolated";
    /** {@value}: conflicting events are rejected, never applied. */
    String CONFLICTS_REJECTED = "inbox.conflicts-are-rejected";
    /** {@value}: a crash at every write and commit of receiving and applying, then redelivery, applies once. */
    String CRASH_AT_EVERY_BOUNDARY = "inbox.crash-at-every-boundary";
    /** {@value}: the same, at the first commit, as a real process exit. */
    String REAL_PROCESS_EXIT = "inbox.real-process-exit";

    /** The adapter of your inbox: a new one per call (it is called again in a child JVM). */
    OrderedInboxAdapter adapter();

    @Guarantee(
            id = EVERY_ARRIVAL_ORDER,
            role = ROLE,
            name = "every arrival order",
            value = "the three events of a flow, arriving in any of the 6 orders (and as 3, 1, 2, 3), are applied in"
                    + " sequence 1, 2, 3, each once",
            seed = "protocols.md §2: all 6 arrival permutations of 3 events give the same final state and effect"
                    + " order; counter-example 3,1,2,3 ends confirmed")
    @DeliverInOrder(
            entryPoint = InboxArrivals.ENTRY_POINT,
            messageId = "eventId",
            messages = {"A1", "A2", "A3"},
            orders = "A3,A1,A2,A3",
            permutationsOf = {"A1", "A2", "A3"})
    default void everyArrivalOrderAppliesTheFlowInSequence(DeliveryScenario scenario, @TempDir Path dir)
            throws Exception {
        InboxChecks.arrivals(ContractRun.of(this, adapter(), EVERY_ARRIVAL_ORDER, scenario, dir), scenario);
    }

    @Guarantee(
            id = DUPLICATES_APPLY_ONCE,
            role = ROLE,
            name = "duplicate arrivals",
            value = "events arriving twice or three times, in sequence, are answered duplicate and applied once",
            seed = "protocols.md §2: id exists with same body -> duplicate; the inbox dedups what several relays send")
    @DeliverInOrder(
            entryPoint = InboxArrivals.ENTRY_POINT,
            messageId = "eventId",
            messages = {"A1", "A2", "A3"},
            orders = "A1,A1,A2,A1,A3,A3,A2")
    default void duplicateArrivalsApplyOnce(DeliveryScenario scenario, @TempDir Path dir) throws Exception {
        InboxChecks.arrivals(ContractRun.of(this, adapter(), DUPLICATES_APPLY_ONCE, scenario, dir), scenario);
    }

    @Guarantee(
            id = GAP_WAITS,
            role = ROLE,
            name = "a gap in the flow",
            value = "with an event missing, only the events before the gap are applied; when it arrives, the rest"
                    + " follow",
            seed = "protocols.md §2, the arrival table: only #3 -> gap, nothing applied; then #1 -> 1; then #2 ->"
                    + " 1, 2, 3")
    @DeliverInOrder(
            entryPoint = InboxArrivals.ENTRY_POINT,
            messageId = "eventId",
            messages = {"A1", "A2", "A3"},
            orders = {"A3", "A1,A3", "A2,A3"})
    default void aGapWaitsForTheMissingEvent(DeliveryScenario scenario, @TempDir Path dir) throws Exception {
        InboxChecks.gap(ContractRun.of(this, adapter(), GAP_WAITS, scenario, dir), scenario);
    }

    @Guarantee(
            id = UNSUPPORTED_VERSION_BLOCKS,
            role = ROLE,
            name = "an unsupported version",
            value = "an event of a version the inbox does not support is blocked, with its flow stopped behind it,"
                    + " also after a restart: never applied, never skipped",
            seed = "protocols.md §2, schema upgrade: default consumer: #2 blocked unsupported_schema, last_seq=1, #3"
                    + " pending; skipping a blocked event is a business decision, never automatic")
    @Test
    default void anUnsupportedVersionBlocksItsFlow(@TempDir Path dir) throws Exception {
        InboxChecks.unsupportedVersion(ContractRun.of(this, adapter(), UNSUPPORTED_VERSION_BLOCKS, dir));
    }

    @Guarantee(
            id = FLOWS_ISOLATED,
            role = ROLE,
            name = "two flows",
            value = "a gap in one flow stops only that flow: another flow's events, arriving in between, all apply",
            seed = "protocols.md §2, per-flow isolation: A gets 1 and 3, B gets 1, 2, 3: A stays reserved, B ends"
                    + " released")
    @Test
    default void aGapInOneFlowDoesNotStopAnother(@TempDir Path dir) throws Exception {
        InboxChecks.isolation(ContractRun.of(this, adapter(), FLOWS_ISOLATED, dir));
    }

    @Guarantee(
            id = CONFLICTS_REJECTED,
            role = ROLE,
            name = "conflicting events",
            value = "the same event id with another body, and another id at a step already taken, are answered"
                    + " conflict and never applied",
            seed = "protocols.md §2: same id, other body -> id_conflict; (flow_id, seq) held by another id ->"
                    + " sequence_conflict; §4.4")
    @Test
    default void conflictingEventsAreRejected(@TempDir Path dir) throws Exception {
        InboxChecks.conflicts(ContractRun.of(this, adapter(), CONFLICTS_REJECTED, dir));
    }

    @Guarantee(
            id = CRASH_AT_EVERY_BOUNDARY,
            role = ROLE,
            name = "a crash at every boundary of an arrival",
            value = "a crash at any write or commit of storing and applying an event, then its redelivery to a fresh"
                    + " process, applies it exactly once",
            seed = "protocols.md §2, ten crash boundaries 4, 5 and 8 to 10: after recovery exactly one effect for A1")
    @CrashSweep(
            kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
            sql = "^(INSERT|UPDATE|DELETE|MERGE|UPSERT|REPLACE)")
    default void aCrashAtEveryBoundaryOfAnArrivalAppliesItOnce(CrashScenario scenario, @TempDir Path dir)
            throws Exception {
        InboxChecks.crashThenRedeliver(
                ContractRun.of(this, adapter(), CRASH_AT_EVERY_BOUNDARY, scenario, dir), scenario);
    }

    @Guarantee(
            id = REAL_PROCESS_EXIT,
            role = ROLE,
            name = "a real process exit after the first commit",
            value = "the inbox's JVM halting right after the first commit of an arrival, then its redelivery, applies"
                    + " it exactly once",
            seed = "protocols.md §2, ten crash boundaries: real process exit, code 73, boundary 5 (after the receive"
                    + " commit, before the ack)")
    @CrashAt(selector = "after-commit", mode = CrashMode.CHILD_PROCESS)
    default void aRealProcessExitAfterTheFirstCommitAppliesOnce(CrashScenario scenario, @TempDir Path dir)
            throws Exception {
        InboxChecks.crashThenRedeliver(ContractRun.of(this, adapter(), REAL_PROCESS_EXIT, scenario, dir), scenario);
    }
}
