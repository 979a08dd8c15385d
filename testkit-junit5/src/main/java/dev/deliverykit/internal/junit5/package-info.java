/**
 * Not API: the machinery behind {@code dev.deliverykit.junit5} (case building, replay keys, running a case
 * on the boundary engine, the CI report). Anything here may change without notice; use the annotations,
 * {@code CrashScenario} and {@code DeliveryKitConfiguration} instead.
 */
package dev.deliverykit.internal.junit5;
