package dev.deliverykit.reference.ordered;

import java.util.Objects;
import java.util.Optional;

/**
 * The result of one {@link OrderedConsumer#apply(String)} call.
 *
 * <pre>{@code
 * ApplyResult result = consumer.apply("A");
 * if (result.outcome() == ApplyOutcome.BLOCKED) {
 *     result.blockReason();   // Optional[unsupported_schema]
 * }
 * }</pre>
 *
 * @param outcome     what happened
 * @param flowId      the flow
 * @param seq         the sequence looked for: {@code last_seq + 1} before the call
 * @param eventId     the event at {@code seq}, when one is stored (applied or blocked)
 * @param blockReason why it is blocked, present exactly when the outcome is {@link ApplyOutcome#BLOCKED}
 */
public record ApplyResult(
        ApplyOutcome outcome, String flowId, long seq, Optional<String> eventId, Optional<BlockReason> blockReason) {

    /** Checks that the parts fit together: an event id for applied/blocked, a reason only when blocked. */
    public ApplyResult {
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(flowId, "flowId");
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(blockReason, "blockReason");
        boolean hasEvent = outcome == ApplyOutcome.APPLIED || outcome == ApplyOutcome.BLOCKED;
        if (eventId.isPresent() != hasEvent || blockReason.isPresent() != (outcome == ApplyOutcome.BLOCKED)) {
            throw new IllegalArgumentException("an apply result " + outcome + " cannot have event id " + eventId
                    + " and block reason " + blockReason);
        }
    }

    static ApplyResult applied(String flowId, long seq, String eventId) {
        return new ApplyResult(ApplyOutcome.APPLIED, flowId, seq, Optional.of(eventId), Optional.empty());
    }

    static ApplyResult blocked(String flowId, long seq, String eventId, BlockReason reason) {
        return new ApplyResult(ApplyOutcome.BLOCKED, flowId, seq, Optional.of(eventId), Optional.of(reason));
    }

    static ApplyResult gap(String flowId, long seq) {
        return new ApplyResult(ApplyOutcome.GAP, flowId, seq, Optional.empty(), Optional.empty());
    }

    static ApplyResult idle(String flowId, long seq) {
        return new ApplyResult(ApplyOutcome.IDLE, flowId, seq, Optional.empty(), Optional.empty());
    }
}
