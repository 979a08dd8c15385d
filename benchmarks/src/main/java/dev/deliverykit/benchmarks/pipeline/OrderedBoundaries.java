package dev.deliverykit.benchmarks.pipeline;

import dev.deliverykit.boundary.BoundaryCatalogue;
import dev.deliverykit.boundary.Selector;
import dev.deliverykit.reference.ordered.Event;
import dev.deliverykit.reference.ordered.OrderedConsumer;
import dev.deliverykit.reference.ordered.OrderedProducer;
import dev.deliverykit.reference.ordered.Relay;
import java.util.List;

/**
 * The ten crash boundaries of {@code docs/protocols.md} section 2, named, from the statements and method
 * exits that the Javadoc of {@link OrderedProducer}, {@link Relay} and {@link OrderedConsumer} documents.
 *
 * <p>A private copy for the benchmarks until the public reference catalogue
 * ({@code dev.deliverykit.scenarios.ReferenceBoundaries}, branch {@code catalogue}) is on main; the names
 * and selectors are the same, so switching is a one-line change in {@link #catalogue()}.
 *
 * <pre>{@code
 * CrashPlan plan = CrashPlan.at(OrderedBoundaries.catalogue(), OrderedBoundaries.APPLY_AFTER_COMMIT);
 * }</pre>
 */
public final class OrderedBoundaries {

    /** Boundary 1: producer, after the flow update, before the outbox insert. */
    public static final String PRODUCER_AFTER_FLOW_UPDATE = "producer.after-flow-update";
    /** Boundary 2: producer, after the outbox insert, before commit. */
    public static final String PRODUCER_AFTER_OUTBOX_INSERT = "producer.after-outbox-insert";
    /** Boundary 3: producer, after commit. */
    public static final String PRODUCER_AFTER_COMMIT = "producer.after-commit";
    /** Boundary 4: consumer, after the inbox insert, before the receive commit. */
    public static final String CONSUMER_AFTER_INBOX_INSERT = "consumer.after-inbox-insert";
    /** Boundary 5: consumer, after the receive commit, before the answer returns. */
    public static final String CONSUMER_AFTER_RECEIVE_COMMIT = "consumer.after-receive-commit";
    /** Boundary 6: relay, after writing accepted=1, before the producer commit. */
    public static final String RELAY_AFTER_ACCEPTED_UPDATE = "relay.after-accepted-update";
    /** Boundary 7: relay, after the accepted commit. */
    public static final String RELAY_AFTER_ACCEPTED_COMMIT = "relay.after-accepted-commit";
    /** Boundary 8: apply, after the projection update, before the effect insert. */
    public static final String APPLY_AFTER_PROJECTION_UPDATE = "apply.after-projection-update";
    /** Boundary 9: apply, after the effect insert and applied mark, before commit. */
    public static final String APPLY_AFTER_APPLIED_MARK = "apply.after-applied-mark";
    /** Boundary 10: apply, after commit, before return. */
    public static final String APPLY_AFTER_COMMIT = "apply.after-commit";

    /** A boundary of the reference code that the ordered pipeline never reaches (retention, section 3). */
    public static final String NEVER_REACHED_BY_THE_PIPELINE = "close-and-collect.after-boundary-update";

    /** The ten names, in the order of the contract's table. */
    public static final List<String> TEN = List.of(PRODUCER_AFTER_FLOW_UPDATE, PRODUCER_AFTER_OUTBOX_INSERT,
            PRODUCER_AFTER_COMMIT, CONSUMER_AFTER_INBOX_INSERT, CONSUMER_AFTER_RECEIVE_COMMIT,
            RELAY_AFTER_ACCEPTED_UPDATE, RELAY_AFTER_ACCEPTED_COMMIT, APPLY_AFTER_PROJECTION_UPDATE,
            APPLY_AFTER_APPLIED_MARK, APPLY_AFTER_COMMIT);

    private static final BoundaryCatalogue CATALOGUE = BoundaryCatalogue.builder("ordered")
            .add(PRODUCER_AFTER_FLOW_UPDATE, Selector.afterStatement("^INSERT INTO flow\\("))
            .add(PRODUCER_AFTER_OUTBOX_INSERT, Selector.afterStatement("^INSERT INTO outbox\\(event_id,"))
            .add(PRODUCER_AFTER_COMMIT, Selector.methodExit(OrderedProducer.class, "advance", Event.class, long.class))
            .add(CONSUMER_AFTER_INBOX_INSERT,
                    Selector.afterStatement("^INSERT INTO inbox\\(event_id, flow_id, seq, body\\) VALUES"))
            .add(CONSUMER_AFTER_RECEIVE_COMMIT, Selector.methodExit(OrderedConsumer.class, "receive", Event.class))
            .add(RELAY_AFTER_ACCEPTED_UPDATE, Selector.afterStatement("^UPDATE outbox SET accepted = 1 "))
            .add(RELAY_AFTER_ACCEPTED_COMMIT, Selector.methodExit(Relay.class, "markAccepted", String.class))
            .add(APPLY_AFTER_PROJECTION_UPDATE, Selector.afterStatement("^INSERT INTO projection\\("))
            .add(APPLY_AFTER_APPLIED_MARK, Selector.afterStatement("^UPDATE inbox SET state = 'applied'"))
            .add(APPLY_AFTER_COMMIT, Selector.methodExit(OrderedConsumer.class, "apply", String.class))
            .add(NEVER_REACHED_BY_THE_PIPELINE, Selector.afterStatement("^UPDATE boundary SET closed_through "))
            .build();

    private OrderedBoundaries() {
    }

    /** The ten boundaries plus {@link #NEVER_REACHED_BY_THE_PIPELINE}. */
    public static BoundaryCatalogue catalogue() {
        return CATALOGUE;
    }
}
