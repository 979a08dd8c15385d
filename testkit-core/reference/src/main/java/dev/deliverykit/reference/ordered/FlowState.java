package dev.deliverykit.reference.ordered;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Arrays;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Where a flow is in its lifecycle {@code new -> reserved (seq 1) -> confirmed (seq 2) -> released (seq 3)}.
 *
 * <p>The three states after {@link #NEW} are also the event kinds: an event of kind {@code confirmed}
 * moves a flow from {@code reserved} to {@code confirmed}. No skipping, no reopening.
 *
 * <pre>{@code
 * FlowState.NEW.next();                  // Optional[RESERVED]
 * FlowState.fromWireName("confirmed");   // Optional[CONFIRMED]
 * FlowState.RELEASED.heldFor(3);         // 0
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum FlowState {
    /** No event has been applied yet (sequence 0). */
    NEW("new", 0, false),
    /** After the first event: the amount is held. */
    RESERVED("reserved", 1, true),
    /** After the second event: the amount is still held. */
    CONFIRMED("confirmed", 2, true),
    /** After the third and last event: nothing is held any more. */
    RELEASED("released", 3, false);

    private final String wireName;
    private final long seq;
    private final boolean holdsAmount;

    FlowState(String wireName, long seq, boolean holdsAmount) {
        this.wireName = wireName;
        this.seq = seq;
        this.holdsAmount = holdsAmount;
    }

    /** The lower-case name used in JSON bodies and database columns, e.g. {@code "reserved"}. */
    public String wireName() {
        return wireName;
    }

    /** The flow sequence number at which a flow is in this state: 0 for {@code new} up to 3. */
    public long seq() {
        return seq;
    }

    /** What a flow of {@code amount} holds in this state: the amount while reserved or confirmed, else 0. */
    public long heldFor(long amount) {
        return holdsAmount ? amount : 0;
    }

    /** The only legal next state, or empty after {@code released}. */
    public Optional<FlowState> next() {
        return this == RELEASED ? Optional.empty() : Optional.of(values()[ordinal() + 1]);
    }

    /** The state with this wire name, or empty if there is none. */
    public static Optional<FlowState> fromWireName(String wireName) {
        return Arrays.stream(values()).filter(state -> state.wireName.equals(wireName)).findFirst();
    }

    /** The state with this wire name, for values read back from a database this code wrote. */
    static FlowState stored(String wireName) {
        return fromWireName(wireName).orElseThrow(() -> new IllegalStateException(
                "stored flow state \"" + wireName + "\" is not one of new, reserved, confirmed, released;"
                        + " the row was written by something other than this reference code"));
    }

    @Override
    public String toString() {
        return wireName;
    }
}
