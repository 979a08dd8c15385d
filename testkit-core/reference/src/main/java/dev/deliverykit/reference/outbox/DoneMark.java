package dev.deliverykit.reference.outbox;

/** What {@link TransactionalOutbox#markDone} did. */
public enum DoneMark {
    /** The row was pending and is now marked done. */
    MARKED,
    /** The row was already marked done; its first mark is kept (a late duplicate response). */
    ALREADY_MARKED
}
