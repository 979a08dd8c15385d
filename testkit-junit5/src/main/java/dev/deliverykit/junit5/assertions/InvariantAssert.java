package dev.deliverykit.junit5.assertions;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.InvariantResult;
import org.apiguardian.api.API;

/**
 * Assertions on an {@link Invariant}. The invariant is checked once, when the first assertion of the chain
 * needs its result; a broken definition surfaces as the invariant's own exception, not as a failed assertion.
 *
 * <pre>{@code
 * assertThat(EXACTLY_ONCE).isViolated().hasViolation(ViolationKind.DUPLICATE_EFFECT, "r3:1:0");
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class InvariantAssert extends AbstractInvariantAssert<InvariantAssert, Invariant> {

    private InvariantResult result;

    /** Prefer {@link DeliveryAssertions#assertThat(Invariant)}. */
    public InvariantAssert(Invariant actual) {
        super(actual, InvariantAssert.class);
    }

    @Override
    protected InvariantResult result() {
        if (result == null) {
            result = actual.check();
        }
        return result;
    }
}
