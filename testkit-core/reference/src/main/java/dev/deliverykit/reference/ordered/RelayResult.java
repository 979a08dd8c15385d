package dev.deliverykit.reference.ordered;

import java.util.Objects;
import java.util.Optional;

/**
 * The result of one {@link Relay} call: what the consumer answered and which outbox row was sent.
 *
 * <pre>{@code
 * RelayResult result = relay.relay();
 * result.outcome();          // ACCEPTED
 * result.eventId();          // Optional[A1]
 * result.markedAccepted();   // true
 * }</pre>
 *
 * @param outcome what happened
 * @param eventId the event sent; empty exactly when the outcome is {@link RelayOutcome#IDLE}
 */
public record RelayResult(RelayOutcome outcome, Optional<String> eventId) {

    /** Checks that an event id is present exactly when something was sent. */
    public RelayResult {
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(eventId, "eventId");
        if (eventId.isPresent() == (outcome == RelayOutcome.IDLE)) {
            throw new IllegalArgumentException("a relay result " + outcome + " cannot have event id " + eventId);
        }
    }

    static RelayResult idle() {
        return new RelayResult(RelayOutcome.IDLE, Optional.empty());
    }

    static RelayResult sent(RelayOutcome outcome, String eventId) {
        return new RelayResult(outcome, Optional.of(eventId));
    }

    /** Whether this call set the outbox row to {@code accepted=1}. */
    public boolean markedAccepted() {
        return outcome == RelayOutcome.ACCEPTED || outcome == RelayOutcome.DUPLICATE;
    }
}
