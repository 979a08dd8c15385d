package dev.deliverykit.reference.outbox;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/** What {@link TransactionalOutbox#append} did. */
@API(status = EXPERIMENTAL, since = "0.1")
public enum AppendOutcome {
    /** The event and its commands were committed together as event {@code expectedSeq + 1}. */
    APPENDED,
    /**
     * Event {@code expectedSeq + 1} is already stored with the same kind, payload and commands: a retry
     * of an append that committed. Nothing was written; the stored commands are returned.
     */
    ALREADY_APPENDED,
    /**
     * The workflow is not at {@code expectedSeq} and the stored event {@code expectedSeq + 1} (if any)
     * differs: the caller decided on an outdated state. Nothing was written; reload and decide again.
     */
    STALE
}
