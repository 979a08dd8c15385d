package dev.deliverykit.junit5;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.Workload;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.InvariantResult;
import dev.deliverykit.order.DeliveryOrder;
import dev.deliverykit.order.DeliveryResult;
import java.util.List;
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
public final class DeliveryScenario {

    private final DeliveryRun run;

    DeliveryScenario(DeliveryRun run) {
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

    /**
     * Checks the invariants: each becomes a red or green cell of this case's row in the report; fails if any is
     * violated, with each violated invariant's message.
     */
    public List<InvariantResult> assertHolds(Invariant... invariants) {
        return run.assertHolds(invariants);
    }

    /** Adds a named number to this case's row of the report. */
    public void observe(String name, long value) {
        run.observe(name, value);
    }

    /** Adds a named text to this case's row of the report, for example a final state. */
    public void observe(String name, String value) {
        run.observe(name, value);
    }

    /** {@code order=A3,A1,A2,A3}. */
    public String replayKey() {
        return run.crashCase().replayKey().toString();
    }

    /** {@code deliver A3,A1,A2,A3}. */
    public String caseName() {
        return run.crashCase().displayName();
    }

    @Override
    public String toString() {
        return "DeliveryScenario[" + caseName() + "]";
    }
}
