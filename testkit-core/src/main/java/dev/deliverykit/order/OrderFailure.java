package dev.deliverykit.order;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Why a run could not honour its order; {@link OrderNotHonouredError#reason()}.
 *
 * <pre>{@code
 * catch (OrderNotHonouredError e) { e.reason(); }   // NEVER_ARRIVED
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum OrderFailure {
    /** A message of the order was never sent to the entry point (before the workload returned, or in time). */
    NEVER_ARRIVED,
    /** A message arrived more often than the order lists it. */
    ARRIVED_TOO_OFTEN,
    /** A delivered call did not return within the timeout, so the order could not go on. */
    STALLED,
    /** {@link DeliveryMode#CAPTURE_AND_RELEASE}: a call arrived from another thread after the workload returned. */
    ARRIVED_AFTER_WORKLOAD,
    /** The message id of a call could not be read. */
    ID_UNREADABLE,
    /** A sender thread was interrupted while it was held. */
    INTERRUPTED
}
