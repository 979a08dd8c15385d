/**
 * What the engine's packages share: the {@link dev.deliverykit.Workload} (the code under test), the
 * {@link dev.deliverykit.CrashMode} (how a process dies) and the {@link dev.deliverykit.ReplayKey} (the one
 * text form of a case's identity, written by crash plans, delivery orders and the JUnit face, and read back
 * from {@code deliverykit.replay}). It depends on no other package of the kit; the boundary and order
 * packages depend on it.
 *
 * <p><b>Occurrence</b> is the kit's one word for "the Nth time a run reaches a point", counted from 1 at run
 * time: {@code Selector.occurrence(n)} limits a selector to its Nth match, {@code CrashPlan.occurrence(n)}
 * crashes at the Nth hit of a boundary, {@code BoundaryHit.occurrence()} and {@code SimulatedCrash.occurrence()}
 * say which hit it was, and {@link dev.deliverykit.ReplayKey.Crash#occurrence()} is the {@code hit=N} of a
 * replay key.
 */
package dev.deliverykit;
