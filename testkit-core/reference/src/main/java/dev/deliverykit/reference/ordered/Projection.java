package dev.deliverykit.reference.ordered;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * The consumer's view of one flow: the applied prefix ends at {@code lastSeq}. A flow nothing was
 * applied to is {@code new}, {@code lastSeq=0}, {@code held=0}.
 *
 * <pre>{@code
 * consumer.projection("A");   // Projection[flowId=A, lastSeq=3, state=released, held=0]
 * }</pre>
 *
 * @param flowId  the flow
 * @param lastSeq sequence of the last applied event
 * @param state   state after that event
 * @param held    amount held in that state
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Projection(String flowId, long lastSeq, FlowState state, long held) {

    static Projection initial(String flowId) {
        return new Projection(flowId, 0, FlowState.NEW, 0);
    }
}
