package dev.deliverykit.reference.outbox;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One delivery of one outbox command: the warehouse's response and what the orchestrator recorded.
 *
 * <pre>{@code
 * for (CommandDelivery delivery : orchestrator.recover()) {
 *     delivery.commandId();                    // reserve42:1:0
 *     delivery.response().result();            // Optional[REF-1]
 *     delivery.outcome();                      // MARKED_DONE
 * }
 * }</pre>
 *
 * @param commandId the delivered command
 * @param response what the warehouse answered
 * @param outcome the row's local state afterwards
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record CommandDelivery(String commandId, ExecutionResult response, DeliveryOutcome outcome) {

    /** Checks for nulls. */
    public CommandDelivery {
        Objects.requireNonNull(commandId, "commandId");
        Objects.requireNonNull(response, "response");
        Objects.requireNonNull(outcome, "outcome");
    }
}
