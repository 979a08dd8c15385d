package dev.deliverykit.junit5.assertions;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.invariant.InvariantResult;
import org.apiguardian.api.API;

/**
 * Assertions on an {@link InvariantResult} that was already checked, for example one the extension recorded.
 *
 * <pre>{@code
 * assertThat(EXACTLY_ONCE.check()).holds();
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class InvariantResultAssert extends AbstractInvariantAssert<InvariantResultAssert, InvariantResult> {

    /** Prefer {@link DeliveryAssertions#assertThat(InvariantResult)}. */
    public InvariantResultAssert(InvariantResult actual) {
        super(actual, InvariantResultAssert.class);
    }

    @Override
    protected InvariantResult result() {
        return actual;
    }
}
