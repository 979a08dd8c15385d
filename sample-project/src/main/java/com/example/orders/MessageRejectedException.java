package com.example.orders;

/**
 * The consumer refused a message ({@link HandleOutcome#CONFLICT} or {@link HandleOutcome#REJECTED_SEALED}).
 * The relay stopped there and left that message unpublished; it needs a person, not a retry.
 *
 * <pre>{@code
 * try {
 *     relay.publishPending();
 * } catch (MessageRejectedException e) {
 *     alert(e.message().messageId() + " " + e.outcome());
 * }
 * }</pre>
 */
public final class MessageRejectedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final Message rejected;
    private final HandleOutcome outcome;
    private final int publishedBefore;

    MessageRejectedException(Message rejected, HandleOutcome outcome, int publishedBefore) {
        super("the consumer answered " + outcome + " for message " + rejected.messageId() + " (" + rejected
                + "); it stays unpublished in outbox_message and the relay stopped after publishing "
                + publishedBefore + " message(s). " + advice(outcome));
        this.rejected = rejected;
        this.outcome = outcome;
        this.publishedBefore = publishedBefore;
    }

    /** The refused message. */
    public Message message() {
        return rejected;
    }

    /** Why it was refused. */
    public HandleOutcome outcome() {
        return outcome;
    }

    /** How many messages this relay run published before the refused one. */
    public int publishedBefore() {
        return publishedBefore;
    }

    private static String advice(HandleOutcome outcome) {
        return outcome == HandleOutcome.CONFLICT
                ? "Another message with this id or step but other content reached shipping first: find out which order data is right."
                : "Its dedup epoch was sealed before it was delivered: seal only days whose messages are all published.";
    }
}
