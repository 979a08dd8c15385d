package dev.deliverykit.reference.outbox;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One business intent of the seed-002 model: reserve {@code quantity} of spare part {@code part},
 * identified by {@code reservationId} (the orchestrator's workflow id).
 *
 * <pre>{@code
 * ReservationIntent intent = new ReservationIntent("reserve42", "P-7", 1);
 * intent.parameters();   // {part=P-7, quantity=1}
 * }</pre>
 *
 * @param reservationId the intent's stable id, chosen before any attempt; non-blank
 * @param part the spare part; non-blank
 * @param quantity how many, at least 1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ReservationIntent(String reservationId, String part, int quantity) {

    /** Validates the fields. */
    public ReservationIntent {
        Objects.requireNonNull(reservationId, "reservationId must not be null");
        Objects.requireNonNull(part, "part must not be null");
        if (reservationId.isBlank() || part.isBlank()) {
            throw new IllegalArgumentException("reservation intent needs a non-blank reservationId and part, got '"
                    + reservationId + "' and '" + part + "'");
        }
        if (quantity < 1) {
            throw new IllegalArgumentException("reservation " + reservationId + " must reserve at least 1 of "
                    + part + ", got quantity " + quantity);
        }
    }

    /** The core parameters: what the event records, the command carries and the warehouse digests. */
    public Map<String, Object> parameters() {
        return Map.of("part", part, "quantity", quantity);
    }
}
