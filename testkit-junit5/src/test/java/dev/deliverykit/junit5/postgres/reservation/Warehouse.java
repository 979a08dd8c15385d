package dev.deliverykit.junit5.postgres.reservation;

/** The remote side: books a reservation for an idempotency key. */
public interface Warehouse {

    /** Books (or, if it dedups, replays) the reservation; the answer is the booking reference. */
    String reserve(String key, String payload);
}
