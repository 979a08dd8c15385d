package dev.deliverykit.junit5.internal.execution;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.Workload;
import dev.deliverykit.junit5.DeliverInOrder;
import dev.deliverykit.junit5.internal.planning.KitCase;
import dev.deliverykit.junit5.internal.report.CaseEntry;
import dev.deliverykit.order.DeliveryResult;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/** The run of a {@link DeliverInOrder} case: the workload once, its calls of the entry point in the case's order. */
@API(status = INTERNAL, since = "0.1")
public final class DeliveryRun extends CaseRun {

    private final KitCase.DeliverOrder deliverOrder;
    private DeliveryResult delivered;

    DeliveryRun(KitCase.DeliverOrder deliverOrder, CaseEntry entry) {
        super(entry);
        this.deliverOrder = Objects.requireNonNull(deliverOrder, "deliverOrder");
    }

    @Override
    public KitCase.DeliverOrder crashCase() {
        return deliverOrder;
    }

    /**
     * Runs the workload and delivers its calls of the entry point in the case's order.
     *
     * @throws Exception whatever the workload throws; {@code OrderNotHonouredError} if the order could not
     *     be delivered
     */
    public DeliveryResult deliver(Workload workload) throws Exception {
        Objects.requireNonNull(workload, "workload");
        startOnce();
        DeliveryResult result = deliverOrder.delivery().run(deliverOrder.order(), workload);
        synchronized (this) {
            delivered = result;
        }
        entry().observe("delivered", String.join(",", result.delivered()));
        return result;
    }

    /** The delivery, once {@link #deliver} returned. */
    public synchronized Optional<DeliveryResult> delivered() {
        return Optional.ofNullable(delivered);
    }

    @Override
    String neverRan() {
        return neverCalled(
                "scenario.deliver(...)",
                "delivered nothing",
                "an order",
                "run the workload that sends" + " the messages with scenario.deliver(() -> ...).");
    }

    @Override
    String afterWhat() {
        return deliverOrder.displayName() + ":";
    }
}
