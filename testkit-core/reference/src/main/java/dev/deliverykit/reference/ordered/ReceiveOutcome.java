package dev.deliverykit.reference.ordered;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * What {@link OrderedConsumer#receive(Event)} did with an event. Only {@link #ACCEPTED} stored a row.
 *
 * <pre>{@code
 * consumer.receive(Event.v1("A1", "A", 1, FlowState.RESERVED, 3));         // ACCEPTED
 * consumer.receive(Event.v1("A1-other", "A", 1, FlowState.RESERVED, 3));   // SEQUENCE_CONFLICT
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum ReceiveOutcome {
    /** New event stored in the inbox as {@code pending}: the consumer is now responsible for it. */
    ACCEPTED,
    /** The same event (same id, same body) is already stored: nothing changed. */
    DUPLICATE,
    /** The event id is stored with another body: refused, the stored event is unchanged. */
    ID_CONFLICT,
    /** The id is new but another event already holds this {@code (flow_id, seq)}: refused. */
    SEQUENCE_CONFLICT
}
