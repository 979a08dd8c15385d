package dev.deliverykit.reference.outbox;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/** What {@link Orchestrator#submit} did with an intent. */
@API(status = EXPERIMENTAL, since = "0.1")
public enum SubmitOutcome {
    /** Recorded now and sent once; the warehouse's answer and the local mark are in the delivery. */
    SENT,
    /**
     * The same intent (same id, part and quantity) was recorded before: nothing written, nothing sent.
     * If it is still pending, {@link Orchestrator#recover} delivers it.
     */
    ALREADY_RECORDED,
    /** The reservation id is recorded with another part or quantity: nothing written, nothing sent. */
    CONFLICTING_INTENT
}
