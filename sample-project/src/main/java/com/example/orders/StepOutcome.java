package com.example.orders;

/** What {@link OrderService#pay(String)} or {@link OrderService#ship(String)} did. */
public enum StepOutcome {
    /** The order moved to the step and the step's message was stored. */
    ADVANCED,
    /** The order already reached this step (or a later one); nothing changed. */
    ALREADY_DONE,
    /** The order's previous step has not happened yet (shipping an unpaid order); nothing changed. */
    NOT_ALLOWED_YET,
    /** No order has this id; nothing changed. */
    UNKNOWN_ORDER
}
