package dev.deliverykit.internal.instrument;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * The static entry point that the entry-point advice calls: the ordered-delivery counterpart of
 * {@link Dispatcher}, separate from it so that an ordered-delivery run and a boundary run can be active
 * at the same time (a crash during a forced delivery order). Public only because advice is woven into
 * application classes in other packages.
 *
 * <p><b>Fast path.</b> The advice starts with {@code if (DeliveryDispatcher.active)}: one volatile read of
 * a static boolean. While no run is active that is all the woven code does: the argument array is built
 * only inside that branch, so nothing is allocated, no lock is taken and nothing is called.
 */
@API(status = INTERNAL, since = "0.1")
public final class DeliveryDispatcher {

    /** Whether an ordered-delivery run is active; the only field the advice reads on the fast path. */
    public static volatile boolean active;

    private static volatile DeliverySink sink;

    private DeliveryDispatcher() {
    }

    /** Starts handing entry-point calls to {@code runSink}. */
    public static void activate(DeliverySink runSink) {
        sink = runSink;
        active = true;
    }

    /** Stops intercepting; woven code is back on its fast path. */
    public static void deactivate() {
        active = false;
        sink = null;
    }

    /**
     * Advice on entry to an entry-point method. Returns {@code null} to run the body untracked, a
     * {@link SkippedCall} to skip it, or a token that the exit advice hands to {@link #exit}.
     *
     * @param method {@code name|descriptor} of the woven method
     */
    public static Object enter(Class<?> type, String method, Object receiver, Object[] arguments) {
        DeliverySink current = sink;
        if (current == null) {
            return null;
        }
        InterceptedCall call = InterceptedCall.of(type, method, receiver, arguments);
        CallDecision decision = current.arrive(call);
        switch (decision.kind()) {
            case TRACK:
                return new TrackedCall(current, call);
            case SKIP:
                return new SkippedCall(decision.placeholder());
            default:
                return null;
        }
    }

    /**
     * Advice on exit from an entry-point method whose {@link #enter} returned a token; returns what the
     * method returns (the placeholder of a skipped call, else {@code returned} unchanged).
     */
    public static Object exit(Object token, Object returned, Throwable thrown) {
        if (token instanceof SkippedCall) {
            return ((SkippedCall) token).placeholder();
        }
        ((TrackedCall) token).left(returned, thrown);
        return returned;
    }
}
