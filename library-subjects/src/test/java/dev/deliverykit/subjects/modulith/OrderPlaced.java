package dev.deliverykit.subjects.modulith;

/** The event the order service publishes in its transaction; Spring Modulith stores it as JSON in its registry. */
public record OrderPlaced(String orderId, long amountCents) {}
