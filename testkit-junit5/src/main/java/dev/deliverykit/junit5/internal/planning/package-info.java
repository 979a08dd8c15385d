/**
 * The planning room of the JUnit face: annotation values and a crash-free recording in, crash cases out
 * ({@link dev.deliverykit.junit5.internal.planning.KitCase}). A {@code @CrashAt} lists its cases, a
 * {@code @DeliverInOrder} its orders, a {@code @CrashSweep} is a
 * {@link dev.deliverykit.junit5.internal.planning.Sweep} per mode over one checked declaration, with its replay and
 * recovery parts. Runs nothing: execution runs the cases.
 */
package dev.deliverykit.junit5.internal.planning;
