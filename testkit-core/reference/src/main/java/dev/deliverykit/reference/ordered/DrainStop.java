package dev.deliverykit.reference.ordered;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Why {@link OrderedConsumer#drain(String, int)} stopped.
 *
 * <pre>{@code
 * consumer.drain("A", 2).stop();   // LIMIT when three events were ready
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum DrainStop {
    /** The next event is missing while a later one is stored. */
    GAP,
    /** Everything stored for the flow is applied. */
    IDLE,
    /** The next event is blocked; the result says why. */
    BLOCKED,
    /** The step limit was reached; more may be ready. */
    LIMIT
}
