package dev.deliverykit.reference.retention;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * What {@link RetentionStore#execute} decided for one request.
 *
 * <p>Only {@link #CREATED} made an effect. None of the others is a success in disguise: a caller that
 * gets {@link #RESULT_EXPIRED} or {@link #CLOSED} cannot learn the original answer from this entry
 * point and must reconcile through a business query; {@code CLOSED} in particular does not mean "never
 * happened", because the receipts that could tell are gone.
 *
 * <pre>{@code
 * if (store.execute("demo", 1, "work-1", params).outcome() == ExecuteOutcome.CLOSED) {
 *     reconcileOutOfBand();
 * }
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum ExecuteOutcome {
    /** New key: the effect and its receipt were committed together in this call. */
    CREATED,
    /** Same key, same parameter digest, result kept: the stored effect id is returned, no new effect. */
    REPLAYED,
    /** Same key, same parameter digest, but the result was expired (tombstone): no new effect, no answer. */
    RESULT_EXPIRED,
    /** Same key with a different parameter digest: rejected, never silently reused, no new effect. */
    CONFLICT,
    /** The epoch is at or below the namespace's {@code closed_through}: rejected whether or not it was seen. */
    CLOSED
}
