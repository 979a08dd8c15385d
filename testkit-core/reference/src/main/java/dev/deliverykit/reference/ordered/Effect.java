package dev.deliverykit.reference.ordered;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * One row of the consumer's effect log: the business change an applied event made, in apply order.
 *
 * <pre>{@code
 * consumer.effects("A");   // [Effect[eventId=A1, flowId=A, seq=1, kind=reserved], ...]
 * }</pre>
 *
 * @param eventId the applied event
 * @param flowId  its flow
 * @param seq     its sequence
 * @param kind    the state it moved the flow to
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Effect(String eventId, String flowId, long seq, FlowState kind) {
}
