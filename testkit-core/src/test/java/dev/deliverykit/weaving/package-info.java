/**
 * Fixtures of the weaver's tests ({@code dev.deliverykit.internal.instrument.WeaverTest}): classes whose
 * bytes the test weaves itself and defines as hidden classes, which the JVM's own transformers never see.
 * Their code has loops, exception handlers, {@code long} and {@code double} locals and no
 * {@code invokedynamic}, so that the same bytes also run as an old class file without stack map frames.
 */
package dev.deliverykit.weaving;
