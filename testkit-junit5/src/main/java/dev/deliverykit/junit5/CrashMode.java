package dev.deliverykit.junit5;

/**
 * How a crash case kills the workload: in this JVM (fast, the default) or as a real child JVM that halts
 * with exit code 73 at the boundary (the ground truth: nothing runs after the boundary, not even
 * {@code finally} blocks).
 *
 * <pre>{@code
 * @CrashAt(value = "after-outbox-insert", mode = CrashMode.CHILD_PROCESS)
 * void survivesARealProcessExit(CrashScenario scenario, @TempDir Path dir) {
 *     scenario.run(PlaceOrder.class, dir.toString());   // a ProcessWorkload: the child creates it
 *     scenario.restart(() -> relay(dir).drainAll());
 * }
 * }</pre>
 *
 * <p>Like JUnit's own {@code Timeout.ThreadMode.INFERRED}, {@link #INFERRED} takes the mode from the
 * configuration parameter {@value DeliveryKitConfiguration#MODE}, and {@link #IN_PROCESS} when it is unset.
 */
public enum CrashMode {

    /** The configured default: {@value DeliveryKitConfiguration#MODE}, else {@link #IN_PROCESS}. */
    INFERRED,

    /**
     * In this JVM: every JDBC connection the workload opened or used is rolled back and closed, and a
     * {@link dev.deliverykit.boundary.SimulatedCrash} unwinds the workload. Any workload works, lambdas
     * included; {@code catch} and {@code finally} blocks of the code under test still run.
     */
    IN_PROCESS,

    /**
     * A real child JVM halts with exit code {@value dev.deliverykit.boundary.BoundaryEngine#CRASH_EXIT_CODE}
     * at the boundary. The workload must be a {@link dev.deliverykit.boundary.ProcessWorkload} class, run
     * with {@link CrashScenario#run(Class, String...)}: a lambda cannot cross into another JVM.
     */
    CHILD_PROCESS
}
