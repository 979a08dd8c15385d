package dev.deliverykit.reference.ordered;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * What one {@link OrderedConsumer#apply(String)} call found at {@code last_seq + 1} of a flow.
 *
 * <pre>{@code
 * consumer.receive(Event.v1("A3", "A", 3, FlowState.RELEASED, 3));
 * consumer.apply("A").outcome();   // GAP: A1 is missing, A3 is stored
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum ApplyOutcome {
    /** The next event was applied: projection, effect and applied mark committed together. */
    APPLIED,
    /** The next event is missing but a later one is stored: wait for it. */
    GAP,
    /** Nothing at or after the next sequence is stored. */
    IDLE,
    /** The next event is stored but cannot be applied; see {@link BlockReason}. */
    BLOCKED
}
