package dev.deliverykit.order;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * How one delivery of a run came about.
 *
 * <pre>{@code
 * result.deliveries().get(3).kind();   // REPEATED: the second A3 of "A3,A1,A2,A3", captured once
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum DeliveryKind {
    /** {@link DeliveryMode#CAPTURE_AND_RELEASE}: a captured call, invoked by the kit. */
    RELEASED,
    /** {@link DeliveryMode#CAPTURE_AND_RELEASE}: a captured call invoked once more for a duplicate in the order. */
    REPEATED,
    /** {@link DeliveryMode#HOLD_SENDERS}: a sender let through at its turn, running the body on its own thread. */
    ADMITTED
}
