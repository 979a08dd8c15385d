package dev.deliverykit.junit5;

import dev.deliverykit.invariant.InvariantResult;

/**
 * Assertions on an {@link InvariantResult} that was already checked, for example one the extension recorded.
 *
 * <pre>{@code
 * assertThat(EXACTLY_ONCE.check()).holds();
 * }</pre>
 */
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
