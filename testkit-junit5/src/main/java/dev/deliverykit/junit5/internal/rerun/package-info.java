/**
 * The rerun room of the JUnit face: the child JVM that reruns one {@code CHILD_PROCESS} case of the test JVM through
 * the JUnit Platform launcher ({@link dev.deliverykit.junit5.internal.rerun.RerunMain}), its case file, class path,
 * {@code @TempDir} directories and pool of children started ahead. Not the engine's own child JVM
 * ({@code dev.deliverykit.boundary.ChildRun}), which it starts through.
 */
package dev.deliverykit.junit5.internal.rerun;
