package dev.deliverykit.reference.ordered;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * The producer's committed row of one flow.
 *
 * <pre>{@code
 * producer.flow("A");   // Optional[ProducerFlow[flowId=A, seq=1, state=reserved, amount=3]]
 * }</pre>
 *
 * @param flowId the flow
 * @param seq    sequence of the last committed transition
 * @param state  state after it
 * @param amount the fixed amount of the flow
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ProducerFlow(String flowId, long seq, FlowState state, long amount) {
}
