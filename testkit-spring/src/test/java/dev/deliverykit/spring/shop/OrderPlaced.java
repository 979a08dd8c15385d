package dev.deliverykit.spring.shop;

/** The event an order's transaction publishes; Spring Modulith stores its publication in that transaction. */
public record OrderPlaced(String orderId, long amountCents) {}
