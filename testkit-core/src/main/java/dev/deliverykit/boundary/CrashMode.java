package dev.deliverykit.boundary;

/** How the process died at the boundary. */
public enum CrashMode {
    /**
     * Simulated in this JVM: every JDBC connection the run opened or used was rolled back and closed, and a
     * {@link SimulatedCrash} unwound the workload.
     */
    IN_PROCESS,
    /** A real child JVM halted with exit code {@value BoundaryEngine#CRASH_EXIT_CODE}. */
    CHILD_PROCESS
}
