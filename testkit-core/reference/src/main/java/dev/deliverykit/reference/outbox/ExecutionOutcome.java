package dev.deliverykit.reference.outbox;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/** What an idempotent receiver did with one request. */
@API(status = EXPERIMENTAL, since = "0.1")
public enum ExecutionOutcome {
    /** The key was new: the effect, the receipt and the result were committed together. */
    EXECUTED,
    /** The key was stored with the same parameter digest: the stored result, no new effect. */
    REPLAYED,
    /** The key was stored with another parameter digest: rejected, nothing written, no result. */
    CONFLICT
}
