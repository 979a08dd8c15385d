package dev.deliverykit.junit5.postgres.reservation;

/** What the caller asks for: reserve {@code quantity} of {@code part}, identified by {@code reservationId}. */
public record ReservationIntent(String reservationId, String part, int quantity) {

    /** The command's core parameters as stored and sent: {@code part=P-7;quantity=1}. */
    public String payload() {
        return "part=" + part + ";quantity=" + quantity;
    }
}
