package dev.deliverykit.reference.ordered;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Arrays;
import org.apiguardian.api.API;

/**
 * Why a stored event cannot be applied. The inbox row stays {@code blocked} with this reason (its
 * {@link #wireName()}) until a consumer that can apply it runs; skipping it is a business decision that
 * this code never makes.
 *
 * <pre>{@code
 * consumer.apply("A").blockReason();   // Optional[unsupported_schema] for a schema-2 event on a v1 consumer
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum BlockReason {
    /** The consumer does not decode this schema number (yet). */
    UNSUPPORTED_SCHEMA("unsupported_schema"),
    /** The payload is not what its schema prescribes (missing, extra or mistyped fields). */
    INVALID_PAYLOAD("invalid_payload"),
    /** The event is not the legal next step of the flow's projection. */
    INVALID_TRANSITION("invalid_transition");

    private final String wireName;

    BlockReason(String wireName) {
        this.wireName = wireName;
    }

    /** The value stored in {@code inbox.reason}, e.g. {@code "unsupported_schema"}. */
    public String wireName() {
        return wireName;
    }

    static BlockReason stored(String wireName) {
        return Arrays.stream(values()).filter(reason -> reason.wireName.equals(wireName)).findFirst()
                .orElseThrow(() -> new IllegalStateException("stored block reason \"" + wireName
                        + "\" is not one of unsupported_schema, invalid_payload, invalid_transition;"
                        + " the inbox row was written by something other than this reference code"));
    }

    @Override
    public String toString() {
        return wireName;
    }
}
