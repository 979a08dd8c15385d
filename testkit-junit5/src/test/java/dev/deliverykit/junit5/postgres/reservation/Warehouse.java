package dev.deliverykit.junit5.postgres.reservation;

/** The remote side: books a reservation for an idempotency key. */
public interface Warehouse {

    /** Books (or, if it dedups, replays) the reservation; the answer is the booking reference. */
    String reserve(String key, String payload);

    /** The same as {@link #reserve}, saying whether the booking was made by this call or replayed. */
    Booking book(String key, String payload);

    /**
     * What {@link #book} did.
     *
     * @param reference the booking reference
     * @param replayed whether a booking made earlier for the key was answered, not a new one made
     */
    record Booking(String reference, boolean replayed) {}
}
