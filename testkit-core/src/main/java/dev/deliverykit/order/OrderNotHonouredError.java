package dev.deliverykit.order;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import org.apiguardian.api.API;

/**
 * A run could not deliver its order: a message never arrived, arrived too often, a delivered call
 * stalled, or a message id could not be read. The message says what happened, where, what was expected
 * and how to fix it, and ends with the replay key ({@code Replay: order=A3,A1,A2,A3}).
 *
 * <pre>{@code
 * try {
 *     OrderedDelivery.at(entryPoint).run(DeliveryOrder.parse("A1,A2,A4"), workload);
 * } catch (OrderNotHonouredError e) {
 *     e.reason();      // NEVER_ARRIVED
 *     e.replayKey();   // "order=A1,A2,A4"
 * }
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class OrderNotHonouredError extends AssertionError {

    private static final long serialVersionUID = 1L;

    private final OrderFailure reason;
    private final transient DeliveryOrder order;
    private final List<String> delivered;

    OrderNotHonouredError(String message, OrderFailure reason, DeliveryOrder order, List<String> delivered,
            Throwable cause) {
        super(message, cause);
        this.reason = reason;
        this.order = order;
        this.delivered = List.copyOf(delivered);
    }

    /** Why the order could not be honoured. */
    public OrderFailure reason() {
        return reason;
    }

    /** The order of the run. */
    public DeliveryOrder order() {
        return order;
    }

    /** {@code order=...}: combine with other replay keys (separated by {@code ;}) to repeat the run. */
    public String replayKey() {
        return order.replayKey();
    }

    /** The ids whose calls had run, in order, when the run failed (possibly none). */
    public List<String> delivered() {
        return delivered;
    }
}
