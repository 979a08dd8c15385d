package dev.deliverykit.reference.retention;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * What {@link RetentionStore#expireResult} did to one receipt.
 *
 * <pre>{@code
 * ExpireOutcome outcome = store.expireResult("demo", 1, "work-1");   // EXPIRED the first time
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum ExpireOutcome {
    /** The receipt kept its key and digest and lost its result: it is a tombstone now. */
    EXPIRED,
    /** The receipt was already a tombstone; nothing changed. */
    ALREADY_EXPIRED,
    /** There is no receipt for that key (never executed, or collected by a seal); nothing changed. */
    NO_RECEIPT
}
