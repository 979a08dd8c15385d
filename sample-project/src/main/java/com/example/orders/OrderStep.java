package com.example.orders;

import java.util.Locale;

/**
 * The steps of an order, in the only order they may happen. Each step produces one outbox message whose
 * per-order sequence number is {@link #seq()}: placed 1, paid 2, shipped 3.
 *
 * <pre>{@code
 * OrderStep.PAID.seq();               // 2
 * OrderStep.PAID.messageId("o-1");    // "o-1:paid"
 * }</pre>
 */
public enum OrderStep {
    PLACED(1),
    PAID(2),
    SHIPPED(3);

    private final int seq;

    OrderStep(int seq) {
        this.seq = seq;
    }

    /** The per-order sequence number of this step's message. */
    public int seq() {
        return seq;
    }

    /**
     * The id of this step's message for {@code orderId}. Deterministic on purpose: a resent message has
     * the same id, so the consumer recognises it.
     */
    public String messageId(String orderId) {
        return orderId + ":" + name().toLowerCase(Locale.ROOT);
    }

    /** The step with sequence number {@code seq}. */
    public static OrderStep ofSeq(int seq) {
        for (OrderStep step : values()) {
            if (step.seq == seq) {
                return step;
            }
        }
        throw new IllegalArgumentException("no order step has sequence number " + seq + "; expected 1, 2 or 3");
    }
}
