package dev.deliverykit.reference.outbox;

/** What {@link Orchestrator#submit} did with an intent. */
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
