package dev.deliverykit.reference.ordered;

/**
 * The producer's committed row of one flow.
 *
 * @param flowId the flow
 * @param seq    sequence of the last committed transition
 * @param state  state after it
 * @param amount the fixed amount of the flow
 */
public record ProducerFlow(String flowId, long seq, FlowState state, long amount) {
}
