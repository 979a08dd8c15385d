/**
 * AssertJ-style assertions on DeliveryKit's invariants, for tests that have AssertJ on their class path
 * ({@code testkit-junit5} declares {@code assertj-core} optional; the crash-test extension never loads these
 * classes).
 *
 * <pre>{@code
 * import static dev.deliverykit.junit5.assertions.DeliveryAssertions.assertThat;
 *
 * assertThat(EXACTLY_ONCE).holds();
 * assertThat(EXACTLY_ONCE).isViolated().hasViolation(ViolationKind.LOST_INTENT, "reserve42:1:0");
 * }</pre>
 */
package dev.deliverykit.junit5.assertions;
