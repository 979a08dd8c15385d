package dev.deliverykit.internal.instrument;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * Receives the intercepted calls of an ordered-delivery run from the {@link DeliveryDispatcher}.
 * Implemented outside this package (by {@code dev.deliverykit.order}), so that this package knows nothing
 * of orders, modes or messages.
 *
 * <p>{@link #arrive(InterceptedCall)} runs on the calling thread before the method body; it may block (to
 * hold a sender until its turn) and may throw (the call then fails with that throwable, the body does not
 * run and {@link #left} is not called).
 */
@API(status = INTERNAL, since = "0.1")
public interface DeliverySink {

    /** What to do with an intercepted call. */
    CallDecision arrive(InterceptedCall call);

    /**
     * A call that {@link #arrive} answered with {@link CallDecision.Kind#TRACK} left its body: normally with
     * {@code returned} (boxed; {@code null} for {@code void}), or by throwing {@code thrown}.
     */
    void left(InterceptedCall call, Object returned, Throwable thrown);
}
