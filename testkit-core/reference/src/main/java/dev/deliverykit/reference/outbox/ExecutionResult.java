package dev.deliverykit.reference.outbox;

import java.util.Objects;
import java.util.Optional;

/**
 * A receiver's answer to one request: the outcome, the key it was for, and the result of the effect
 * (present for {@code EXECUTED} and {@code REPLAYED}, absent for {@code CONFLICT}).
 *
 * <pre>{@code
 * ExecutionResult answer = receiver.execute(key, Map.of("part", "P-7", "quantity", 1));
 * if (answer.outcome() != ExecutionOutcome.CONFLICT) {
 *     String reference = answer.result().orElseThrow();   // e.g. "REF-1"
 * }
 * }</pre>
 *
 * @param outcome what the receiver did
 * @param key the request's idempotency key
 * @param result the effect's result, unless the request was a conflict
 */
public record ExecutionResult(ExecutionOutcome outcome, IdempotencyKey key, Optional<String> result) {

    /** Checks that a result is present exactly when the outcome is not a conflict. */
    public ExecutionResult {
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(result, "result");
        if (result.isPresent() == (outcome == ExecutionOutcome.CONFLICT)) {
            throw new IllegalArgumentException(outcome + " for " + key + " must "
                    + (outcome == ExecutionOutcome.CONFLICT ? "not carry a result" : "carry a result")
                    + ", got " + result);
        }
    }

    static ExecutionResult executed(IdempotencyKey key, String result) {
        return new ExecutionResult(ExecutionOutcome.EXECUTED, key, Optional.of(result));
    }

    static ExecutionResult replayed(IdempotencyKey key, String result) {
        return new ExecutionResult(ExecutionOutcome.REPLAYED, key, Optional.of(result));
    }

    static ExecutionResult conflict(IdempotencyKey key) {
        return new ExecutionResult(ExecutionOutcome.CONFLICT, key, Optional.empty());
    }
}
