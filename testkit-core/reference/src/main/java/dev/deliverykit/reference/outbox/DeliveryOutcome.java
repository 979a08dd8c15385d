package dev.deliverykit.reference.outbox;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/** The local state of an outbox row after {@link Orchestrator#deliver}. */
@API(status = EXPERIMENTAL, since = "0.1")
public enum DeliveryOutcome {
    /** The row is marked done (mark-first: before sending; outbox protocols: after a verified response). */
    MARKED_DONE,
    /**
     * The warehouse answered {@code CONFLICT}, so the outbox protocols leave the row pending: a
     * conflict is never a success. It needs a person; every {@link Orchestrator#recover} resends it.
     */
    LEFT_PENDING
}
