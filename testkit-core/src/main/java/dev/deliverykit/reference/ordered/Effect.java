package dev.deliverykit.reference.ordered;

/**
 * One row of the consumer's effect log: the business change an applied event made, in apply order.
 *
 * @param eventId the applied event
 * @param flowId  its flow
 * @param seq     its sequence
 * @param kind    the state it moved the flow to
 */
public record Effect(String eventId, String flowId, long seq, FlowState kind) {
}
