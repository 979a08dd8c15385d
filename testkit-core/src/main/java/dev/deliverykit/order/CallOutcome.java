package dev.deliverykit.order;

/**
 * How the entry point's body ended for one delivery.
 *
 * <pre>{@code
 * result.deliveries().get(0).outcome();   // RETURNED
 * }</pre>
 */
public enum CallOutcome {
    /** The body returned normally; {@link Delivery#returnValue()} holds what it returned. */
    RETURNED,
    /** The body threw an exception; {@link Delivery#thrown()} holds it. */
    THREW
}
