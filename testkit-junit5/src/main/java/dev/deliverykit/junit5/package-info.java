/**
 * The JUnit Jupiter face of DeliveryKit. For now: AssertJ-style assertions on invariants,
 * {@link dev.deliverykit.junit5.DeliveryAssertions#assertThat(dev.deliverykit.invariant.Invariant)}; the
 * extension ({@code @CrashAt}, {@code @CrashSweep}, {@code @DeliverInOrder}) joins this package later.
 *
 * <pre>{@code
 * import static dev.deliverykit.junit5.DeliveryAssertions.assertThat;
 *
 * assertThat(Invariants.exactlyOncePerKey()
 *         .intentsFrom(orchestrator, "SELECT command_id FROM outbox")
 *         .effectsIn(warehouse, "effect", "intent_id")).holds();
 * }</pre>
 */
package dev.deliverykit.junit5;
