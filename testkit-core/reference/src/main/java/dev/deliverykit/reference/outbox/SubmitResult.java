package dev.deliverykit.reference.outbox;

import java.util.Objects;
import java.util.Optional;

/**
 * The answer of {@link Orchestrator#submit}.
 *
 * <pre>{@code
 * SubmitResult first = orchestrator.submit(intent);    // SENT, delivery present
 * SubmitResult again = orchestrator.submit(intent);    // ALREADY_RECORDED, no delivery
 * }</pre>
 *
 * @param outcome what happened to the intent
 * @param record what the outbox did with the local record
 * @param delivery the delivery, present exactly when the outcome is {@code SENT}
 */
public record SubmitResult(SubmitOutcome outcome, AppendResult record, Optional<Delivery> delivery) {

    /** Checks that a delivery is present exactly for {@code SENT}. */
    public SubmitResult {
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(record, "record");
        Objects.requireNonNull(delivery, "delivery");
        if (delivery.isPresent() != (outcome == SubmitOutcome.SENT)) {
            throw new IllegalArgumentException(outcome + " must " + (outcome == SubmitOutcome.SENT ? "" : "not ")
                    + "carry a delivery, got " + delivery);
        }
    }
}
