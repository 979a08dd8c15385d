package com.example.orders;

/** What a {@link MessageHandler} did with a message. */
public enum HandleOutcome {
    /** The message's step (and any stored steps right after it) took effect. */
    APPLIED,
    /** The message arrived before its predecessor; it is stored and takes effect when the predecessor does. */
    PARKED,
    /** The message was handled before; nothing happened again. */
    DUPLICATE,
    /** The message id (or its step) is taken by a message with other content; nothing happened. */
    CONFLICT,
    /** The message belongs to a dedup epoch that was sealed, so it can no longer be deduplicated; nothing happened. */
    REJECTED_SEALED;

    /** Whether the sender may consider the message delivered: the handler durably has it. */
    public boolean isDelivered() {
        return this == APPLIED || this == PARKED || this == DUPLICATE;
    }
}
