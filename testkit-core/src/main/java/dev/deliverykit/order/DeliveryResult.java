package dev.deliverykit.order;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * What an ordered-delivery run did: the messages in the order they arrived, the deliveries in the forced
 * order with how each call ended, and the arrivals the order omitted.
 *
 * <pre>{@code
 * DeliveryResult result = OrderedDelivery.at(entryPoint).run(DeliveryOrder.parse("A3,A1,A2,A3"), workload);
 * result.arrived();        // [A1, A2, A3]          as the workload sent them
 * result.delivered();      // [A3, A1, A2, A3]      as the consumer received them
 * result.returnValues();   // [ACCEPTED, ACCEPTED, ACCEPTED, DUPLICATE]
 * result.omitted();        // []
 * result.replayKey();      // "order=A3,A1,A2,A3"
 * }</pre>
 *
 * @param order      the forced order
 * @param mode       how it was forced
 * @param entryPoint the entry point's method reference
 * @param arrived    message ids in arrival order, every arrival (omitted ones included)
 * @param deliveries one per position of the order, in order
 * @param omitted    ids of the arrivals that the order does not list, in arrival order; their bodies never ran
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record DeliveryResult(DeliveryOrder order, DeliveryMode mode, String entryPoint, List<String> arrived,
        List<Delivery> deliveries, List<String> omitted) {

    /** Copies the lists. */
    public DeliveryResult {
        Objects.requireNonNull(order, "order");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(entryPoint, "entryPoint");
        arrived = List.copyOf(arrived);
        deliveries = List.copyOf(deliveries);
        omitted = List.copyOf(omitted);
    }

    /** The delivered message ids in delivery order: the order itself when the run succeeded. */
    public List<String> delivered() {
        return deliveries.stream().map(Delivery::messageId).toList();
    }

    /** What each delivered call returned, in delivery order ({@code null} for {@code void} and for a throw). */
    public List<Object> returnValues() {
        List<Object> values = new ArrayList<>(deliveries.size());
        deliveries.forEach(delivery -> values.add(delivery.returnValue()));
        return Collections.unmodifiableList(values);
    }

    /** {@code order=A3,A1,A2,A3}. */
    public String replayKey() {
        return order.replayKey();
    }

    /** One line per delivery after a header; for test output. */
    public String describe() {
        return "order=" + order + " at " + entryPoint + " (" + mode + "); arrived " + join(arrived) + "; omitted "
                + join(omitted) + "\n" + deliveries.stream().map(d -> "  " + d.describe()).collect(Collectors.joining("\n"));
    }

    private static String join(List<String> ids) {
        return ids.isEmpty() ? "none" : String.join(",", ids);
    }
}
