package dev.deliverykit.reference.ordered;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The result of {@link OrderedConsumer#drain(String, int)}: how many events one call applied and why it
 * stopped, one record per {@link DrainStop}; only {@link Blocked} has a block reason.
 *
 * <pre>{@code
 * DrainResult result = consumer.drain("A", 100);
 * result.applied();   // 2
 * result.stop();      // IDLE
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public sealed interface DrainResult permits DrainResult.Gap, DrainResult.Idle, DrainResult.Blocked, DrainResult.Limit {

    /** The flow. */
    String flowId();

    /** Events applied by this call. */
    int applied();

    /**
     * Stopped at a gap: the next event has not arrived.
     *
     * @param flowId the flow
     * @param applied events applied by this call
     */
    record Gap(String flowId, int applied) implements DrainResult {

        /** Checks the parts. */
        public Gap {
            DrainResult.requireFlowAndCount(flowId, applied);
        }
    }

    /**
     * Stopped with nothing left to apply.
     *
     * @param flowId the flow
     * @param applied events applied by this call
     */
    record Idle(String flowId, int applied) implements DrainResult {

        /** Checks the parts. */
        public Idle {
            DrainResult.requireFlowAndCount(flowId, applied);
        }
    }

    /**
     * Stopped at a blocked event.
     *
     * @param flowId the flow
     * @param applied events applied by this call
     * @param reason why the next event is blocked
     */
    record Blocked(String flowId, int applied, BlockReason reason) implements DrainResult {

        /** Checks the parts. */
        public Blocked {
            DrainResult.requireFlowAndCount(flowId, applied);
            Objects.requireNonNull(reason, "reason");
        }
    }

    /**
     * Stopped at the call's limit.
     *
     * @param flowId the flow
     * @param applied events applied by this call
     */
    record Limit(String flowId, int applied) implements DrainResult {

        /** Checks the parts. */
        public Limit {
            DrainResult.requireFlowAndCount(flowId, applied);
        }
    }

    /** Why it stopped. */
    default DrainStop stop() {
        if (this instanceof Gap) {
            return DrainStop.GAP;
        }
        if (this instanceof Idle) {
            return DrainStop.IDLE;
        }
        return this instanceof Blocked ? DrainStop.BLOCKED : DrainStop.LIMIT;
    }

    /** Why the next event is blocked, present exactly when {@link #stop()} is {@link DrainStop#BLOCKED}. */
    default Optional<BlockReason> blockReason() {
        return this instanceof Blocked blocked ? Optional.of(blocked.reason()) : Optional.empty();
    }

    private static void requireFlowAndCount(String flowId, int applied) {
        Objects.requireNonNull(flowId, "flowId");
        if (applied < 0) {
            throw new IllegalArgumentException("a drain result cannot have applied " + applied);
        }
    }
}
