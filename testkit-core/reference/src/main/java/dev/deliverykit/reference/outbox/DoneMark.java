package dev.deliverykit.reference.outbox;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/** What {@link TransactionalOutbox#markDone} did. */
@API(status = EXPERIMENTAL, since = "0.1")
public enum DoneMark {
    /** The row was pending and is now marked done. */
    MARKED,
    /** The row was already marked done; its first mark is kept (a late duplicate response). */
    ALREADY_MARKED
}
