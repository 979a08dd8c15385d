package dev.deliverykit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * How the process dies at its boundary: simulated in this JVM, or as a real exit of a child JVM. The engine
 * reports it ({@code CrashResult.mode()}) and replay keys may name it ({@link ReplayKey.Crash#mode()}).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum CrashMode {
    /**
     * Simulated in this JVM: every JDBC connection the run opened or used was rolled back and closed, and a
     * {@code dev.deliverykit.boundary.SimulatedCrash} unwound the workload.
     */
    IN_PROCESS,
    /** A real child JVM halted with exit code {@value dev.deliverykit.boundary.BoundaryEngine#CRASH_EXIT_CODE}. */
    CHILD_PROCESS
}
