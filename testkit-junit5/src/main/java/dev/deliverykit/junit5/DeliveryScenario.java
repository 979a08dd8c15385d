package dev.deliverykit.junit5;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.Workload;
import dev.deliverykit.junit5.internal.execution.DeliveryRun;
import dev.deliverykit.order.DeliveryOrder;
import dev.deliverykit.order.DeliveryResult;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The delivery order of one invocation of a {@link DeliverInOrder} test, injected as a parameter: run the
 * workload once with {@link #deliver}, then check the consumer's committed state.
 *
 * <pre>{@code
 * DeliveryResult result = scenario.deliver(() -> {
 *     consumer.receive(A1);
 *     consumer.receive(A2);
 *     consumer.receive(A3);
 * });
 * result.delivered();                 // [A3, A1, A2, A3] for order=A3,A1,A2,A3
 * scenario.assertHolds(IN_ORDER);     // a red or green cell of the report
 * }</pre>
 *
 * <p>A failure ends with the order's replay key; {@code -Ddeliverykit.replay='order=A3,A1,A2,A3'} reruns only
 * that order.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class DeliveryScenario extends Scenario {

    private final DeliveryRun run;

    DeliveryScenario(DeliveryRun run) {
        super(run);
        this.run = run;
    }

    /**
     * Runs the workload and delivers its calls of the entry point in this invocation's order. Call it once.
     *
     * @throws dev.deliverykit.order.OrderNotHonouredError if the order could not be delivered (a message
     *     never arrived, arrived too often, or a sender stalled)
     * @throws Exception whatever the workload throws
     */
    public DeliveryResult deliver(Workload workload) throws Exception {
        return run.deliver(workload);
    }

    /** The order of this invocation. */
    public DeliveryOrder order() {
        return run.crashCase().order();
    }

    /** What was delivered, once {@link #deliver} returned. */
    public Optional<DeliveryResult> result() {
        return run.delivered();
    }
}
