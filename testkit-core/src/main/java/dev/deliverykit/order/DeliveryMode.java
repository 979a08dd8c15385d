package dev.deliverykit.order;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * How {@link OrderedDelivery} forces the arrival order.
 *
 * <pre>{@code
 * OrderedDelivery.at(entryPoint).mode(DeliveryMode.HOLD_SENDERS).run(order, workload);
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum DeliveryMode {
    /**
     * For one sending thread: every call of the entry point is captured (its body does not run, it returns
     * a placeholder at once); when the workload returns, the kit invokes the captured calls in the forced
     * order on the run's thread. A duplicate in the order invokes the same call again.
     */
    CAPTURE_AND_RELEASE("capturing the calls of one sending thread, released when the workload returned"),
    /**
     * For several sending threads: each sender is held at the entry point until its message's turn, then
     * runs the real body on its own thread; the next turn starts when that body has returned. A duplicate
     * in the order is a later sender with the same id.
     */
    HOLD_SENDERS("holding several sending threads until their turn");

    private final String words;

    DeliveryMode(String words) {
        this.words = words;
    }

    /** A short description for messages. */
    public String describe() {
        return words;
    }
}
