/**
 * What the engine's packages share: the {@link dev.deliverykit.Workload} (the code under test), the
 * {@link dev.deliverykit.CrashMode} (how a process dies) and the {@link dev.deliverykit.ReplayKey} (the one
 * text form of a case's identity, written by crash plans, delivery orders and the JUnit face, and read back
 * from {@code deliverykit.replay}). It depends on no other package of the kit; the boundary and order
 * packages depend on it.
 */
package dev.deliverykit;
