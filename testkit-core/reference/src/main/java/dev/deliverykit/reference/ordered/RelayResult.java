package dev.deliverykit.reference.ordered;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The result of one {@link Relay} call: {@link Idle} when no outbox row was waiting, else {@link Sent}
 * with the row's event and what the consumer answered.
 *
 * <pre>{@code
 * RelayResult result = relay.relay();
 * result.outcome();          // ACCEPTED
 * result.eventId();          // Optional[A1]
 * result.markedAccepted();   // true
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public sealed interface RelayResult permits RelayResult.Idle, RelayResult.Sent {

    /** No outbox row is waiting to be accepted. */
    record Idle() implements RelayResult {
    }

    /**
     * An outbox row was sent.
     *
     * @param answer what the consumer did with the event
     * @param event the id of the event sent
     */
    record Sent(ReceiveOutcome answer, String event) implements RelayResult {

        /** Checks for nulls. */
        public Sent {
            Objects.requireNonNull(answer, "answer");
            Objects.requireNonNull(event, "event");
        }
    }

    /** What happened. */
    default RelayOutcome outcome() {
        return this instanceof Sent sent ? RelayOutcome.of(sent.answer()) : RelayOutcome.IDLE;
    }

    /** The event sent; empty exactly when the outcome is {@link RelayOutcome#IDLE}. */
    default Optional<String> eventId() {
        return this instanceof Sent sent ? Optional.of(sent.event()) : Optional.empty();
    }

    /** Whether this call set the outbox row to {@code accepted=1}. */
    default boolean markedAccepted() {
        return outcome() == RelayOutcome.ACCEPTED || outcome() == RelayOutcome.DUPLICATE;
    }
}
