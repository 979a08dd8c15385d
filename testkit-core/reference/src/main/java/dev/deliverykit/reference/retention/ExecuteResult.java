package dev.deliverykit.reference.retention;

import java.util.Objects;
import java.util.OptionalLong;

/**
 * The outcome of {@link RetentionStore#execute} and, for {@link ExecuteOutcome#CREATED} and
 * {@link ExecuteOutcome#REPLAYED}, the id of the effect row the request stands for.
 *
 * <pre>{@code
 * ExecuteResult result = store.execute("demo", 1, "work-1", params);
 * long ticket = result.effectId().orElseThrow();   // present for CREATED and REPLAYED only
 * }</pre>
 *
 * @param outcome  what the store decided
 * @param effectId the effect created or replayed; empty for every other outcome
 */
public record ExecuteResult(ExecuteOutcome outcome, OptionalLong effectId) {

    /** Checks that an effect id is present exactly when the outcome carries one. */
    public ExecuteResult {
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(effectId, "effectId");
        boolean carriesEffect = outcome == ExecuteOutcome.CREATED || outcome == ExecuteOutcome.REPLAYED;
        if (carriesEffect != effectId.isPresent()) {
            throw new IllegalArgumentException("outcome " + outcome + (carriesEffect
                    ? " must name the effect it created or replayed, but no effect id was given"
                    : " has no effect, but effect id " + effectId + " was given"));
        }
    }

    static ExecuteResult created(long effectId) {
        return new ExecuteResult(ExecuteOutcome.CREATED, OptionalLong.of(effectId));
    }

    static ExecuteResult replayed(long effectId) {
        return new ExecuteResult(ExecuteOutcome.REPLAYED, OptionalLong.of(effectId));
    }

    static ExecuteResult without(ExecuteOutcome outcome) {
        return new ExecuteResult(outcome, OptionalLong.empty());
    }
}
