package dev.deliverykit.reference.ordered;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * What one {@link Relay} call did.
 *
 * <pre>{@code
 * relay.relay().outcome();   // IDLE once every outbox row is accepted
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum RelayOutcome {
    /** No outbox row is waiting to be accepted. */
    IDLE,
    /** The consumer stored the event; the outbox row is now {@code accepted=1}. */
    ACCEPTED,
    /** The consumer already had the same event; the outbox row is now {@code accepted=1}. */
    DUPLICATE,
    /** The consumer holds another body under this event id; the outbox row stays {@code accepted=0}. */
    ID_CONFLICT,
    /** The consumer holds another event at this {@code (flow_id, seq)}; the row stays {@code accepted=0}. */
    SEQUENCE_CONFLICT;

    static RelayOutcome of(ReceiveOutcome outcome) {
        return switch (outcome) {
            case ACCEPTED -> ACCEPTED;
            case DUPLICATE -> DUPLICATE;
            case ID_CONFLICT -> ID_CONFLICT;
            case SEQUENCE_CONFLICT -> SEQUENCE_CONFLICT;
        };
    }
}
