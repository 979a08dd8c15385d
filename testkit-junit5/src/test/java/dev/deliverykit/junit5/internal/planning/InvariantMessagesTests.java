package dev.deliverykit.junit5.internal.planning;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.invariant.Invariant;
import org.junit.jupiter.api.Test;

class InvariantMessagesTests {

    @Test
    void noKitTest() {
        assertThat(InvariantMessages.noKitTest("T.orders", "orders", String.class)
                        .sentences())
                .isEqualTo("@CheckInvariant on field T.orders: String and its @Nested classes have no @CrashAt,"
                        + " @CrashSweep, @DeliverInOrder or @ScheduleSweep test, so the invariant would never be checked."
                        + " Fix: annotate the test that runs the workload with @CrashAt, @CrashSweep, @DeliverInOrder or"
                        + " @ScheduleSweep, or check the invariant in a plain test with"
                        + " DeliveryAssertions.assertThat(orders).holds().");
    }

    @Test
    void notAnInvariant() {
        assertThat(InvariantMessages.notAnInvariant("T.effects", "effects", long.class, Invariant.class)
                        .sentences())
                .isEqualTo(
                        "@CheckInvariant on field T.effects: its type is long, not dev.deliverykit.invariant.Invariant."
                                + " Fix: declare it as Invariant effects = Invariants...; (an Invariant built with"
                                + " dev.deliverykit.invariant.Invariants), or remove @CheckInvariant.");
    }

    @Test
    void nullInvariant() {
        assertThat(InvariantMessages.nullInvariant("T.later").sentences())
                .isEqualTo("@CheckInvariant on field T.later: the field is null when the test starts, so there is no"
                        + " invariant to check. Fix: initialise it in its declaration (with JdbcSource.url(() -> ...) or"
                        + " a JdbcSource lambda if it needs a @TempDir path) or assign it in a @BeforeEach method.");
    }

    @Test
    void sameName() {
        assertThat(InvariantMessages.sameName("T.orders", "T.payments", "exactly once per key")
                        .sentences())
                .isEqualTo("@CheckInvariant on fields T.orders and T.payments: both invariants are named \"exactly once"
                        + " per key\", so they would share one cell of the report. Fix: give one its own name, for"
                        + " example Invariants.exactlyOncePerKey(\"exactly once per order\"), or declare it once.");
    }
}
