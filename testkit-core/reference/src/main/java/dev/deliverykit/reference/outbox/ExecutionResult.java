package dev.deliverykit.reference.outbox;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A receiver's answer to one request: one record per {@link ExecutionOutcome}, each with the key it was
 * for; {@link Executed} and {@link Replayed} carry the effect's result, a {@link Conflict} has none.
 *
 * <pre>{@code
 * ExecutionResult answer = receiver.execute(key, Map.of("part", "P-7", "quantity", 1));
 * if (answer.outcome() != ExecutionOutcome.CONFLICT) {
 *     String reference = answer.result().orElseThrow();   // e.g. "REF-1"
 * }
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public sealed interface ExecutionResult permits ExecutionResult.Executed, ExecutionResult.Replayed,
        ExecutionResult.Conflict {

    /** The request's idempotency key. */
    IdempotencyKey key();

    /**
     * The key was new: the effect, the receipt and the result were committed together.
     *
     * @param key the request's idempotency key
     * @param value the effect's result
     */
    record Executed(IdempotencyKey key, String value) implements ExecutionResult {

        /** Checks for nulls. */
        public Executed {
            ExecutionResult.requireKeyAndValue(key, value);
        }
    }

    /**
     * The key was stored with the same parameter digest: the stored result, no new effect.
     *
     * @param key the request's idempotency key
     * @param value the stored result
     */
    record Replayed(IdempotencyKey key, String value) implements ExecutionResult {

        /** Checks for nulls. */
        public Replayed {
            ExecutionResult.requireKeyAndValue(key, value);
        }
    }

    /**
     * The key was stored with another parameter digest: rejected, nothing written, no result.
     *
     * @param key the request's idempotency key
     */
    record Conflict(IdempotencyKey key) implements ExecutionResult {

        /** Checks for null. */
        public Conflict {
            Objects.requireNonNull(key, "key");
        }
    }

    /** What the receiver did. */
    default ExecutionOutcome outcome() {
        if (this instanceof Executed) {
            return ExecutionOutcome.EXECUTED;
        }
        return this instanceof Replayed ? ExecutionOutcome.REPLAYED : ExecutionOutcome.CONFLICT;
    }

    /** The effect's result, unless the request was a conflict. */
    default Optional<String> result() {
        if (this instanceof Executed executed) {
            return Optional.of(executed.value());
        }
        return this instanceof Replayed replayed ? Optional.of(replayed.value()) : Optional.empty();
    }

    private static void requireKeyAndValue(IdempotencyKey key, String value) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
    }
}
