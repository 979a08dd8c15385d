package com.example.orders;

import java.util.Objects;

/**
 * One message from the order service to shipping: "order {@code orderId} reached {@code step}". It
 * carries the order's data so the consumer needs no call back, and the dedup epoch (the UTC day the
 * message was written, as an epoch day) that decides when its dedup record may be cleaned up.
 *
 * <p>Two messages with the same id must be equal; same id with other content is a conflict.
 *
 * <pre>{@code
 * Message placed = Message.of("o-1", OrderStep.PLACED, "alice", 1250, 20000);
 * placed.messageId();   // "o-1:placed"
 * }</pre>
 */
public record Message(
        String messageId, String orderId, OrderStep step, String customer, long amountCents, long dedupEpoch) {

    public Message {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(orderId, "orderId");
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(customer, "customer");
    }

    /** The message of {@code step} for an order, with its deterministic id. */
    public static Message of(String orderId, OrderStep step, String customer, long amountCents, long dedupEpoch) {
        return new Message(step.messageId(orderId), orderId, step, customer, amountCents, dedupEpoch);
    }
}
