package dev.deliverykit.reference.ordered;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * What {@link OrderedProducer#advance(Event, long)} did, decided in this order: {@link #EXISTING} or
 * {@link #CONFLICT} (the event id is already stored), {@link #STALE}, {@link #INVALID_TRANSITION},
 * {@link #COMMITTED}. Only {@code COMMITTED} wrote anything.
 *
 * <pre>{@code
 * producer.advance(Event.v1("A1", "A", 1, FlowState.RESERVED, 3), 0);   // COMMITTED
 * producer.advance(Event.v1("A1", "A", 1, FlowState.RESERVED, 4), 0);   // CONFLICT
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum AdvanceOutcome {
    /** The event id is stored with the same canonical body: a retry, answered from history. */
    EXISTING,
    /** The event id is stored with another body (amount, flow or schema changed): refused. */
    CONFLICT,
    /** {@code expected_seq} is not the flow's current sequence: someone else moved the flow first. */
    STALE,
    /** The event is not the legal next step of the flow (skip, reopen, wrong kind or amount). */
    INVALID_TRANSITION,
    /** The flow update and the outbox row were committed together. */
    COMMITTED
}
