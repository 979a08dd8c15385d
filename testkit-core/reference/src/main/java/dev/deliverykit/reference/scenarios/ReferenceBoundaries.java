package dev.deliverykit.reference.scenarios;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.boundary.BoundaryCatalogue;
import dev.deliverykit.boundary.Selector;
import dev.deliverykit.reference.ordered.Event;
import dev.deliverykit.reference.ordered.OrderedConsumer;
import dev.deliverykit.reference.ordered.OrderedProducer;
import dev.deliverykit.reference.ordered.Relay;
import dev.deliverykit.reference.outbox.DeliveryBoundary;
import dev.deliverykit.reference.outbox.DeliveryProtocol;
import dev.deliverykit.reference.outbox.IdempotencyKey;
import dev.deliverykit.reference.outbox.Orchestrator;
import dev.deliverykit.reference.outbox.OutboxCommand;
import dev.deliverykit.reference.outbox.ReservationClient;
import dev.deliverykit.reference.outbox.ReservationIntent;
import dev.deliverykit.reference.outbox.WarehouseWithAtomicReceipt;
import dev.deliverykit.reference.outbox.WarehouseWithoutDedup;
import dev.deliverykit.reference.retention.RetentionStore;
import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Every crash boundary of {@code docs/protocols.md}, named, in the reference code of
 * {@code dev.deliverykit.reference}: built only from the public {@link Selector}s any user has, from the
 * statements and methods each reference class documents as its boundaries. The reference code knows
 * nothing of this catalogue.
 *
 * <pre>{@code
 * CrashResult crash = BoundaryEngine.get().crashInProcess(
 *         CrashPlan.at(ReferenceBoundaries.catalogue(), ReferenceBoundaries.PRODUCER_AFTER_OUTBOX_INSERT),
 *         () -> { try (OrderedProducer producer = new OrderedProducer(db)) { producer.advance(a1, 0); } });
 * // crash.replayKey() == "boundary=producer.after-outbox-insert;hit=1"
 * }</pre>
 *
 * <p><b>Section 1, the 3 x 5 matrix</b> ({@link DeliveryBoundary}; one intent through
 * {@link Orchestrator#submit}). Every {@code COMMIT} there has the same text, so method points are used:
 * <table>
 * <caption>delivery boundaries</caption>
 * <tr><th>#</th><th>name</th><th>selector</th></tr>
 * <tr><td>0</td><td>{@code delivery.before-local-record}</td><td>entry of {@code Orchestrator#submit(ReservationIntent)}</td></tr>
 * <tr><td>1</td><td>{@code delivery.after-local-record}</td><td>entry of {@code ReservationClient#send(OutboxCommand)}
 *     (mark-first has marked the row done by then)</td></tr>
 * <tr><td>2</td><td>{@code delivery.after-remote-effect.without-dedup} (mark-first, outbox without dedup)</td>
 *     <td>normal exit of {@code WarehouseWithoutDedup#reserve(IdempotencyKey, Map)}</td></tr>
 * <tr><td>2</td><td>{@code delivery.after-remote-effect.atomic-receipt} (outbox + atomic receipt)</td>
 *     <td>normal exit of {@code WarehouseWithAtomicReceipt#reserve(IdempotencyKey, Map)}</td></tr>
 * <tr><td>3</td><td>{@code delivery.after-response}</td><td>normal exit of {@code ReservationClient#send(OutboxCommand)}</td></tr>
 * <tr><td>4</td><td>{@code delivery.after-done-mark}</td><td>normal exit of {@code Orchestrator#deliver(OutboxCommand)}</td></tr>
 * </table>
 * {@link #deliveryBoundary(DeliveryProtocol, DeliveryBoundary)} gives the name for a protocol's cell.
 *
 * <p><b>Section 2, the ten boundaries</b> (numbers of the contract's table):
 * <table>
 * <caption>ordered delivery boundaries</caption>
 * <tr><th>#</th><th>name</th><th>selector</th></tr>
 * <tr><td>1</td><td>{@code producer.after-flow-update}</td><td>after statement {@code ^INSERT INTO flow\(} (the flow upsert)</td></tr>
 * <tr><td>2</td><td>{@code producer.after-outbox-insert}</td><td>after statement {@code ^INSERT INTO outbox\(event_id,}</td></tr>
 * <tr><td>3</td><td>{@code producer.after-commit}</td><td>normal exit of {@code OrderedProducer#advance(Event, long)}</td></tr>
 * <tr><td>4</td><td>{@code consumer.after-inbox-insert}</td><td>after statement {@code ^INSERT INTO inbox\(event_id, flow_id, seq, body\) VALUES}</td></tr>
 * <tr><td>5</td><td>{@code consumer.after-receive-commit}</td><td>normal exit of {@code OrderedConsumer#receive(Event)}</td></tr>
 * <tr><td>6</td><td>{@code relay.after-accepted-update}</td><td>after statement {@code ^UPDATE outbox SET accepted = 1 WHERE}</td></tr>
 * <tr><td>7</td><td>{@code relay.after-accepted-commit}</td><td>normal exit of {@code Relay#markAccepted(String)} (private; documented by {@code Relay})</td></tr>
 * <tr><td>8</td><td>{@code apply.after-projection-update}</td><td>after statement {@code ^INSERT INTO projection\(}</td></tr>
 * <tr><td>9</td><td>{@code apply.after-applied-mark}</td><td>after statement {@code ^UPDATE inbox SET state = 'applied'}</td></tr>
 * <tr><td>10</td><td>{@code apply.after-commit}</td><td>normal exit of {@code OrderedConsumer#apply(String)}
 *     (every apply, also one that found nothing: pick the occurrence of the applying call)</td></tr>
 * </table>
 *
 * <p><b>Section 3, retention</b>:
 * <table>
 * <caption>retention boundaries</caption>
 * <tr><th>where the process dies</th><th>name</th><th>selector</th></tr>
 * <tr><td>close_and_collect: after the boundary update</td><td>{@code close-and-collect.after-boundary-update}</td>
 *     <td>after statement {@code ^UPDATE boundary SET closed_through = \?}</td></tr>
 * <tr><td>close_and_collect: after the delete</td><td>{@code close-and-collect.after-receipt-delete}</td>
 *     <td>after statement {@code ^DELETE FROM receipt WHERE namespace = \? AND epoch <= \?}</td></tr>
 * <tr><td>close_and_collect: after commit, before reply</td><td>{@code close-and-collect.after-commit}</td>
 *     <td>normal exit of {@code RetentionStore#closeAndCollect(String, long)}</td></tr>
 * <tr><td>execute: after the effect insert, before the receipt insert</td><td>{@code execute.after-effect-insert}</td>
 *     <td>after statement {@code ^INSERT INTO effect\(namespace,}</td></tr>
 * <tr><td>execute: after commit, before reply</td><td>{@code execute.after-commit}</td>
 *     <td>normal exit of {@code RetentionStore#execute(String, long, String, String)}</td></tr>
 * </table>
 *
 * <p>The statement selectors also match the same statements in the broken variants that share them
 * ({@code UnsafeDualWriteProducer}'s flow and outbox writes, {@code ReceiptOnlyCleanup}'s delete).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ReferenceBoundaries {

    /** The catalogue's name, as unknown-boundary messages print it. */
    public static final String CATALOGUE_NAME = "reference";

    /** Section 1, boundary 0: the caller has an intent that is not recorded yet. */
    public static final String DELIVERY_BEFORE_LOCAL_RECORD = "delivery.before-local-record";
    /** Section 1, boundary 1: recorded (mark-first: and marked done), nothing sent. */
    public static final String DELIVERY_AFTER_LOCAL_RECORD = "delivery.after-local-record";
    /** Section 1, boundary 2 for mark-first and outbox-without-dedup: the warehouse committed the effect. */
    public static final String DELIVERY_AFTER_REMOTE_EFFECT_WITHOUT_DEDUP = "delivery.after-remote-effect.without-dedup";
    /** Section 1, boundary 2 for outbox + atomic receipt: the warehouse committed effect and receipt. */
    public static final String DELIVERY_AFTER_REMOTE_EFFECT_ATOMIC_RECEIPT = "delivery.after-remote-effect.atomic-receipt";
    /** Section 1, boundary 3: the response was observed, the row is not marked done (mark-first: it was). */
    public static final String DELIVERY_AFTER_RESPONSE = "delivery.after-response";
    /** Section 1, boundary 4: delivery finished. */
    public static final String DELIVERY_AFTER_DONE_MARK = "delivery.after-done-mark";

    /** Section 2, boundary 1. */
    public static final String PRODUCER_AFTER_FLOW_UPDATE = "producer.after-flow-update";
    /** Section 2, boundary 2. */
    public static final String PRODUCER_AFTER_OUTBOX_INSERT = "producer.after-outbox-insert";
    /** Section 2, boundary 3. */
    public static final String PRODUCER_AFTER_COMMIT = "producer.after-commit";
    /** Section 2, boundary 4. */
    public static final String CONSUMER_AFTER_INBOX_INSERT = "consumer.after-inbox-insert";
    /** Section 2, boundary 5. */
    public static final String CONSUMER_AFTER_RECEIVE_COMMIT = "consumer.after-receive-commit";
    /** Section 2, boundary 6. */
    public static final String RELAY_AFTER_ACCEPTED_UPDATE = "relay.after-accepted-update";
    /** Section 2, boundary 7. */
    public static final String RELAY_AFTER_ACCEPTED_COMMIT = "relay.after-accepted-commit";
    /** Section 2, boundary 8. */
    public static final String APPLY_AFTER_PROJECTION_UPDATE = "apply.after-projection-update";
    /** Section 2, boundary 9. */
    public static final String APPLY_AFTER_APPLIED_MARK = "apply.after-applied-mark";
    /** Section 2, boundary 10. */
    public static final String APPLY_AFTER_COMMIT = "apply.after-commit";

    /** Section 3: close_and_collect, after the boundary update, before commit. */
    public static final String CLOSE_AFTER_BOUNDARY_UPDATE = "close-and-collect.after-boundary-update";
    /** Section 3: close_and_collect, after the receipt delete, before commit. */
    public static final String CLOSE_AFTER_RECEIPT_DELETE = "close-and-collect.after-receipt-delete";
    /** Section 3: close_and_collect, after commit, before the reply. */
    public static final String CLOSE_AFTER_COMMIT = "close-and-collect.after-commit";
    /** Section 3: execute, after the effect insert, before the receipt insert. */
    public static final String EXECUTE_AFTER_EFFECT_INSERT = "execute.after-effect-insert";
    /** Section 3: execute, after commit, before the reply. */
    public static final String EXECUTE_AFTER_COMMIT = "execute.after-commit";

    private static final BoundaryCatalogue CATALOGUE = build();

    private ReferenceBoundaries() {
    }

    /** All 21 boundaries, in the order of protocols.md. */
    public static BoundaryCatalogue catalogue() {
        return CATALOGUE;
    }

    /** The name of boundary {@code boundary} of the matrix for {@code protocol}; only boundary 2 differs. */
    public static String deliveryBoundary(DeliveryProtocol protocol, DeliveryBoundary boundary) {
        Objects.requireNonNull(protocol, "protocol");
        return switch (Objects.requireNonNull(boundary, "boundary")) {
            case BEFORE_LOCAL_RECORD -> DELIVERY_BEFORE_LOCAL_RECORD;
            case AFTER_LOCAL_RECORD -> DELIVERY_AFTER_LOCAL_RECORD;
            case AFTER_REMOTE_EFFECT -> protocol == DeliveryProtocol.OUTBOX_WITH_ATOMIC_RECEIPT
                    ? DELIVERY_AFTER_REMOTE_EFFECT_ATOMIC_RECEIPT : DELIVERY_AFTER_REMOTE_EFFECT_WITHOUT_DEDUP;
            case AFTER_RESPONSE -> DELIVERY_AFTER_RESPONSE;
            case AFTER_DONE_MARK -> DELIVERY_AFTER_DONE_MARK;
        };
    }

    private static BoundaryCatalogue build() {
        return BoundaryCatalogue.builder(CATALOGUE_NAME)
                // section 1
                .add(DELIVERY_BEFORE_LOCAL_RECORD, Selector.methodEntry(Orchestrator.class, "submit", ReservationIntent.class))
                .add(DELIVERY_AFTER_LOCAL_RECORD, Selector.methodEntry(ReservationClient.class, "send", OutboxCommand.class))
                .add(DELIVERY_AFTER_REMOTE_EFFECT_WITHOUT_DEDUP,
                        Selector.methodExit(WarehouseWithoutDedup.class, "reserve", IdempotencyKey.class, Map.class))
                .add(DELIVERY_AFTER_REMOTE_EFFECT_ATOMIC_RECEIPT,
                        Selector.methodExit(WarehouseWithAtomicReceipt.class, "reserve", IdempotencyKey.class, Map.class))
                .add(DELIVERY_AFTER_RESPONSE, Selector.methodExit(ReservationClient.class, "send", OutboxCommand.class))
                .add(DELIVERY_AFTER_DONE_MARK, Selector.methodExit(Orchestrator.class, "deliver", OutboxCommand.class))
                // section 2
                .add(PRODUCER_AFTER_FLOW_UPDATE, Selector.afterStatement("^INSERT INTO flow\\("))
                .add(PRODUCER_AFTER_OUTBOX_INSERT, Selector.afterStatement("^INSERT INTO outbox\\(event_id,"))
                .add(PRODUCER_AFTER_COMMIT, Selector.methodExit(OrderedProducer.class, "advance", Event.class, long.class))
                .add(CONSUMER_AFTER_INBOX_INSERT,
                        Selector.afterStatement("^INSERT INTO inbox\\(event_id, flow_id, seq, body\\) VALUES"))
                .add(CONSUMER_AFTER_RECEIVE_COMMIT, Selector.methodExit(OrderedConsumer.class, "receive", Event.class))
                .add(RELAY_AFTER_ACCEPTED_UPDATE, Selector.afterStatement("^UPDATE outbox SET accepted = 1 WHERE"))
                .add(RELAY_AFTER_ACCEPTED_COMMIT, Selector.methodExit(Relay.class, "markAccepted", String.class))
                .add(APPLY_AFTER_PROJECTION_UPDATE, Selector.afterStatement("^INSERT INTO projection\\("))
                .add(APPLY_AFTER_APPLIED_MARK, Selector.afterStatement("^UPDATE inbox SET state = 'applied'"))
                .add(APPLY_AFTER_COMMIT, Selector.methodExit(OrderedConsumer.class, "apply", String.class))
                // section 3
                .add(CLOSE_AFTER_BOUNDARY_UPDATE, Selector.afterStatement("^UPDATE boundary SET closed_through = \\?"))
                .add(CLOSE_AFTER_RECEIPT_DELETE,
                        Selector.afterStatement("^DELETE FROM receipt WHERE namespace = \\? AND epoch <= \\?"))
                .add(CLOSE_AFTER_COMMIT, Selector.methodExit(RetentionStore.class, "closeAndCollect", String.class, long.class))
                .add(EXECUTE_AFTER_EFFECT_INSERT, Selector.afterStatement("^INSERT INTO effect\\(namespace,"))
                .add(EXECUTE_AFTER_COMMIT, Selector.methodExit(RetentionStore.class, "execute", String.class, long.class,
                        String.class, String.class))
                .build();
    }
}
