package dev.deliverykit.reference.outbox;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A command that a workflow event produces, before it has an id: its kind and a flat payload. The
 * outbox gives it the id {@code workflow_id:event_seq:command_index} when the event is appended.
 *
 * <pre>{@code
 * new NewCommand("lock_budget", Map.of("trip_id", "trip-001"))
 * }</pre>
 *
 * @param kind what the receiver should do, non-blank
 * @param payload flat map of text, integers and booleans (checked when appended)
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record NewCommand(String kind, Map<String, ?> payload) {

    /** Checks the kind and copies the payload. */
    public NewCommand {
        Objects.requireNonNull(kind, "command kind must not be null");
        if (kind.isBlank()) {
            throw new IllegalArgumentException("command kind must not be blank; name what the receiver should"
                    + " do, for example lock_budget");
        }
        Objects.requireNonNull(payload, () -> "payload of command " + kind + " must not be null; pass Map.of()"
                + " when there is none");
        payload = Map.copyOf(payload);
    }
}
