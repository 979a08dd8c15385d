package dev.deliverykit.order;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import org.apiguardian.api.API;

/**
 * An order names a message id that the run was told the workload never sends
 * ({@link OrderedDelivery#expectingMessages(String...)}); thrown before anything runs.
 *
 * <pre>{@code
 * OrderedDelivery.at(entryPoint).expectingMessages("A1", "A2", "A3")
 *         .run(DeliveryOrder.parse("A1,A4"), workload);   // throws: A4 is unknown
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class UnknownMessageException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final List<String> unknownIds;
    private final List<String> knownIds;

    UnknownMessageException(String message, List<String> unknownIds, List<String> knownIds) {
        super(message);
        this.unknownIds = List.copyOf(unknownIds);
        this.knownIds = List.copyOf(knownIds);
    }

    /** The ids of the order that are not expected, in order of first appearance. */
    public List<String> unknownIds() {
        return unknownIds;
    }

    /** The ids the workload sends, as declared. */
    public List<String> knownIds() {
        return knownIds;
    }
}
