package dev.deliverykit.reference.ordered;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The result of one {@link OrderedConsumer#apply(String)} call, one record per {@link ApplyOutcome}: an
 * event id for applied and blocked, a reason only when blocked.
 *
 * <pre>{@code
 * ApplyResult result = consumer.apply("A");
 * if (result instanceof ApplyResult.Blocked blocked) {
 *     blocked.reason();   // unsupported_schema
 * }
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public sealed interface ApplyResult permits ApplyResult.Applied, ApplyResult.Blocked, ApplyResult.Gap, ApplyResult.Idle {

    /** The flow. */
    String flowId();

    /** The sequence looked for: {@code last_seq + 1} before the call. */
    long seq();

    /**
     * The event at {@code seq} was applied.
     *
     * @param flowId the flow
     * @param seq the sequence applied
     * @param event the event applied
     */
    record Applied(String flowId, long seq, String event) implements ApplyResult {

        /** Checks for nulls. */
        public Applied {
            Objects.requireNonNull(flowId, "flowId");
            Objects.requireNonNull(event, "event");
        }
    }

    /**
     * The event at {@code seq} is stored but blocked.
     *
     * @param flowId the flow
     * @param seq the sequence looked for
     * @param event the blocked event
     * @param reason why it is blocked
     */
    record Blocked(String flowId, long seq, String event, BlockReason reason) implements ApplyResult {

        /** Checks for nulls. */
        public Blocked {
            Objects.requireNonNull(flowId, "flowId");
            Objects.requireNonNull(event, "event");
            Objects.requireNonNull(reason, "reason");
        }
    }

    /**
     * No event at {@code seq}, but a later one is stored.
     *
     * @param flowId the flow
     * @param seq the sequence looked for
     */
    record Gap(String flowId, long seq) implements ApplyResult {

        /** Checks for null. */
        public Gap {
            Objects.requireNonNull(flowId, "flowId");
        }
    }

    /**
     * Nothing stored at or after {@code seq}.
     *
     * @param flowId the flow
     * @param seq the sequence looked for
     */
    record Idle(String flowId, long seq) implements ApplyResult {

        /** Checks for null. */
        public Idle {
            Objects.requireNonNull(flowId, "flowId");
        }
    }

    /** What happened. */
    default ApplyOutcome outcome() {
        if (this instanceof Applied) {
            return ApplyOutcome.APPLIED;
        }
        if (this instanceof Blocked) {
            return ApplyOutcome.BLOCKED;
        }
        return this instanceof Gap ? ApplyOutcome.GAP : ApplyOutcome.IDLE;
    }

    /** The event at {@link #seq()}, when one is stored (applied or blocked). */
    default Optional<String> eventId() {
        if (this instanceof Applied applied) {
            return Optional.of(applied.event());
        }
        return this instanceof Blocked blocked ? Optional.of(blocked.event()) : Optional.empty();
    }

    /** Why it is blocked, present exactly when the outcome is {@link ApplyOutcome#BLOCKED}. */
    default Optional<BlockReason> blockReason() {
        return this instanceof Blocked blocked ? Optional.of(blocked.reason()) : Optional.empty();
    }
}
