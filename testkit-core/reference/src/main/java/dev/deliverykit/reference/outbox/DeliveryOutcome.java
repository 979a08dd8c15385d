package dev.deliverykit.reference.outbox;

/** The local state of an outbox row after {@link Orchestrator#deliver}. */
public enum DeliveryOutcome {
    /** The row is marked done (mark-first: before sending; outbox protocols: after a verified response). */
    MARKED_DONE,
    /**
     * The warehouse answered {@code CONFLICT}, so the outbox protocols leave the row pending: a
     * conflict is never a success. It needs a person; every {@link Orchestrator#recover} resends it.
     */
    LEFT_PENDING
}
