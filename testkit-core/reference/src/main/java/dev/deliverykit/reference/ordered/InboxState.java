package dev.deliverykit.reference.ordered;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Arrays;
import org.apiguardian.api.API;

/**
 * The {@code inbox.state} of a received event.
 *
 * <pre>{@code
 * consumer.inbox().get(0).state();   // PENDING right after receive, APPLIED after apply
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum InboxState {
    /** Stored, not applied yet. */
    PENDING("pending"),
    /** Stored, cannot be applied; see the row's {@link BlockReason}. */
    BLOCKED("blocked"),
    /** Applied: its effect and the projection change are committed. */
    APPLIED("applied");

    private final String wireName;

    InboxState(String wireName) {
        this.wireName = wireName;
    }

    /** The value stored in {@code inbox.state}. */
    public String wireName() {
        return wireName;
    }

    static InboxState stored(String wireName) {
        return Arrays.stream(values()).filter(state -> state.wireName.equals(wireName)).findFirst()
                .orElseThrow(() -> new IllegalStateException("stored inbox state \"" + wireName
                        + "\" is not one of pending, blocked, applied"));
    }

    @Override
    public String toString() {
        return wireName;
    }
}
