package dev.deliverykit.junit5.contract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * An event the kit hands an ordered inbox: step {@code seq} (1, 2 or 3) of {@code flow}. The adapter maps it onto its
 * domain's message for that step (placed, paid, shipped), with the event id, the version and the payload in its body,
 * so that the same id with another payload or version is another body.
 *
 * @param eventId the event's identity, such as {@code A2}: unique per (flow, seq) unless a check says otherwise
 * @param flow the flow (an order, an aggregate) whose events must apply in sequence, such as {@code A}
 * @param seq the step within the flow, 1 to 3
 * @param version the message version: 1 is one every inbox reads; 2 one it does not support (blocked, never skipped)
 * @param payload a small text the body carries: {@code standard}, or another text for a conflicting body
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record InboxEvent(String eventId, String flow, int seq, int version, String payload) {

    /** Checks for nulls and ranges. */
    public InboxEvent {
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(flow, "flow");
        Objects.requireNonNull(payload, "payload");
        if (seq < 1 || version < 1) {
            throw new IllegalArgumentException(ContractMessages.eventBelowOne(seq, version, eventId));
        }
    }

    /** {@code eventId}. */
    @Override
    public String toString() {
        return eventId;
    }
}
