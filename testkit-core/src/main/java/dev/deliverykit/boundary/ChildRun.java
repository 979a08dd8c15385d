package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.Workload;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The child half of a child-process run started by a {@link ChildStarter}: in the child JVM, the run it was started
 * for. {@link #runAndHalt} runs the workload under the run's plan and ends the JVM: with exit code
 * {@value BoundaryEngine#CRASH_EXIT_CODE} at the boundary, otherwise, once the workload returned or threw, after
 * writing the report, with 0 or 1. Nothing of the JVM runs after it: no {@code finally}, no shutdown hook.
 *
 * <pre>{@code
 * ChildRun.ofThisJvm().orElseThrow().runAndHalt(() -> relay.publishPending());
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ChildRun {

    /** The system property naming the plan file. */
    public static final String PLAN_PROPERTY = "deliverykit.child.plan";

    /** The system property naming the report file. */
    public static final String REPORT_PROPERTY = "deliverykit.child.report";

    private final Path plan;
    private final Path report;

    private ChildRun(Path plan, Path report) {
        this.plan = plan;
        this.report = report;
    }

    /** The run this JVM was started for, if it was started with {@link ChildRunFiles#jvmOptions()}. */
    public static Optional<ChildRun> ofThisJvm() {
        String plan = System.getProperty(PLAN_PROPERTY);
        String report = System.getProperty(REPORT_PROPERTY);
        return plan == null || report == null
                ? Optional.empty()
                : Optional.of(new ChildRun(Path.of(plan), Path.of(report)));
    }

    /**
     * Runs {@code workload} under the plan and halts this JVM. Never returns.
     *
     * @throws IllegalStateException if the plan file cannot be read (the JVM is not halted then)
     */
    public void runAndHalt(Workload workload) {
        Objects.requireNonNull(workload, "workload");
        RunFiles.ChildPlan childPlan = RunFiles.readPlan(plan);
        int exitCode = BoundaryEngine.get().runAsChild(childPlan, workload, report);
        System.out.flush();
        System.err.flush();
        Runtime.getRuntime().halt(exitCode);
    }

    @Override
    public String toString() {
        return "ChildRun[plan=" + plan + ", report=" + report + "]";
    }
}
