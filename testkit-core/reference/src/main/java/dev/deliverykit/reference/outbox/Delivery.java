package dev.deliverykit.reference.outbox;

import java.util.Objects;

/**
 * One delivery of one outbox command: the warehouse's response and what the orchestrator recorded.
 *
 * <pre>{@code
 * for (Delivery delivery : orchestrator.recover()) {
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
public record Delivery(String commandId, ExecutionResult response, DeliveryOutcome outcome) {

    /** Checks for nulls. */
    public Delivery {
        Objects.requireNonNull(commandId, "commandId");
        Objects.requireNonNull(response, "response");
        Objects.requireNonNull(outcome, "outcome");
    }
}
