package dev.deliverykit.reference.ordered;

import java.util.Objects;
import java.util.Optional;

/**
 * The result of {@link OrderedConsumer#drain(String, int)}: how many events one call applied and why it
 * stopped.
 *
 * <pre>{@code
 * DrainResult result = consumer.drain("A", 100);
 * result.applied();   // 2
 * result.stop();      // IDLE
 * }</pre>
 *
 * @param flowId      the flow
 * @param applied     events applied by this call
 * @param stop        why it stopped
 * @param blockReason why the next event is blocked, present exactly when {@code stop} is {@link DrainStop#BLOCKED}
 */
public record DrainResult(String flowId, int applied, DrainStop stop, Optional<BlockReason> blockReason) {

    /** Checks that a block reason is present exactly when the drain stopped at a blocked event. */
    public DrainResult {
        Objects.requireNonNull(flowId, "flowId");
        Objects.requireNonNull(stop, "stop");
        Objects.requireNonNull(blockReason, "blockReason");
        if (applied < 0 || blockReason.isPresent() != (stop == DrainStop.BLOCKED)) {
            throw new IllegalArgumentException("a drain result cannot have applied " + applied + ", stop " + stop
                    + " and block reason " + blockReason);
        }
    }
}
