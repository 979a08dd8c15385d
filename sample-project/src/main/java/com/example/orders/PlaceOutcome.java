package com.example.orders;

/** What {@link OrderService#placeOrder(String, String, long)} did. */
public enum PlaceOutcome {
    /** The order and its {@code placed} message were stored. */
    PLACED,
    /** The same order (same customer and amount) was already placed; nothing changed. */
    ALREADY_PLACED,
    /** An order with this id but another customer or amount exists; nothing changed. */
    CONFLICT
}
