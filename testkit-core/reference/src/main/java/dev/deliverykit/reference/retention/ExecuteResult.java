package dev.deliverykit.reference.retention;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.OptionalLong;
import org.apiguardian.api.API;

/**
 * What {@link RetentionStore#execute} decided for one request: one record per {@link ExecuteOutcome}, and
 * only {@link Created} and {@link Replayed} carry the id of the effect row the request stands for.
 *
 * <pre>{@code
 * ExecuteResult result = store.execute("demo", 1, "work-1", params);
 * if (result instanceof ExecuteResult.Replayed replayed) {
 *     long ticket = replayed.effect();   // the effect the first call created
 * }
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public sealed interface ExecuteResult permits ExecuteResult.Created, ExecuteResult.Replayed,
        ExecuteResult.ResultExpired, ExecuteResult.Conflict, ExecuteResult.Closed {

    /**
     * New key: the effect and its receipt were committed together in this call.
     *
     * @param effect the id of the effect row created
     */
    record Created(long effect) implements ExecuteResult {
    }

    /**
     * Same key, same parameter digest, result kept: no new effect.
     *
     * @param effect the id of the effect row the first call created
     */
    record Replayed(long effect) implements ExecuteResult {
    }

    /** Same key, same parameter digest, but the result was expired (tombstone): no new effect, no answer. */
    record ResultExpired() implements ExecuteResult {
    }

    /** Same key with a different parameter digest: rejected, no new effect. */
    record Conflict() implements ExecuteResult {
    }

    /** The epoch is at or below the namespace's {@code closed_through}: rejected whether or not it was seen. */
    record Closed() implements ExecuteResult {
    }

    /** What the store decided. */
    default ExecuteOutcome outcome() {
        if (this instanceof Created) {
            return ExecuteOutcome.CREATED;
        }
        if (this instanceof Replayed) {
            return ExecuteOutcome.REPLAYED;
        }
        if (this instanceof ResultExpired) {
            return ExecuteOutcome.RESULT_EXPIRED;
        }
        return this instanceof Conflict ? ExecuteOutcome.CONFLICT : ExecuteOutcome.CLOSED;
    }

    /** The effect created or replayed; empty for every other outcome. */
    default OptionalLong effectId() {
        if (this instanceof Created created) {
            return OptionalLong.of(created.effect());
        }
        return this instanceof Replayed replayed ? OptionalLong.of(replayed.effect()) : OptionalLong.empty();
    }
}
