package dev.deliverykit.reference.ordered;

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
public record OutboxEntry(String eventId, String flowId, long seq, String body, boolean accepted) {
}
