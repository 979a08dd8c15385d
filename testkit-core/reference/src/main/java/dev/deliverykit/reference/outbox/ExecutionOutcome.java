package dev.deliverykit.reference.outbox;

/** What an idempotent receiver did with one request. */
public enum ExecutionOutcome {
    /** The key was new: the effect, the receipt and the result were committed together. */
    EXECUTED,
    /** The key was stored with the same parameter digest: the stored result, no new effect. */
    REPLAYED,
    /** The key was stored with another parameter digest: rejected, nothing written, no result. */
    CONFLICT
}
