package dev.deliverykit.junit5.assertions;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.InvariantResult;
import org.apiguardian.api.API;

/**
 * The one entry point for DeliveryKit's assertions, in AssertJ's style; import it statically next to (or
 * instead of) {@code org.assertj.core.api.Assertions}.
 *
 * <pre>{@code
 * import static dev.deliverykit.junit5.assertions.DeliveryAssertions.assertThat;
 *
 * static final Invariant EXACTLY_ONCE = Invariants.exactlyOncePerKey()
 *         .intentsFrom(ORCHESTRATOR, "SELECT command_id FROM outbox")
 *         .effectsIn(WAREHOUSE, "effect", "intent_id");
 *
 * @Test
 * void everyReservationIsBookedOnce() {
 *     // ... run, crash, recover ...
 *     assertThat(EXACTLY_ONCE).holds();
 * }
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class DeliveryAssertions {

    private DeliveryAssertions() {
    }

    /** Assertions on {@code actual}, which is checked once, on the first assertion that needs its result. */
    public static InvariantAssert assertThat(Invariant actual) {
        return new InvariantAssert(actual);
    }

    /** Assertions on a result that was already checked. */
    public static InvariantResultAssert assertThat(InvariantResult actual) {
        return new InvariantResultAssert(actual);
    }
}
