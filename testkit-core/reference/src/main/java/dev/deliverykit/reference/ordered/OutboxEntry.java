package dev.deliverykit.reference.ordered;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * One outbox row of the producer.
 *
 * <pre>{@code
 * producer.outbox();   // [OutboxEntry[eventId=A1, flowId=A, seq=1, body={...}, accepted=false]]
 * }</pre>
 *
 * @param eventId  the event
 * @param flowId   its flow
 * @param seq      its sequence
 * @param body     the canonical body, exactly as committed
 * @param accepted whether a relay saw the consumer accept it ({@code accepted=1})
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record OutboxEntry(String eventId, String flowId, long seq, String body, boolean accepted) {
}
