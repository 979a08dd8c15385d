package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.CrashMode;
import dev.deliverykit.Fault;
import dev.deliverykit.process.ChildResult;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A run that died at its boundary (a run that did not fails instead, with a
 * {@link BoundaryNotReachedError}). Recover from durable state next, with new objects.
 *
 * <pre>{@code
 * CrashResult result = engine.crashInChildProcess(plan, ChildLaunch.of(AdvanceOnce.class).args(db.toString()));
 * assertThat(result.replayKey()).isEqualTo("boundary=after-outbox-insert;hit=1");
 * assertThat(result.childResult().orElseThrow().exitCode()).isEqualTo(BoundaryEngine.CRASH_EXIT_CODE);
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class CrashResult {

    private final CrashPlan plan;
    private final CrashMode mode;
    private final RunReport report;
    private final ChildResult childResult;

    CrashResult(CrashPlan plan, CrashMode mode, RunReport report, ChildResult childResult) {
        this.plan = plan;
        this.mode = mode;
        this.report = report;
        this.childResult = childResult;
    }

    /** The plan that ran. */
    public CrashPlan plan() {
        return plan;
    }

    /** {@code boundary=after-outbox-insert;hit=1}: identifies this crash case. */
    public String replayKey() {
        return plan.replayKey();
    }

    /** How the process died. */
    public CrashMode mode() {
        return mode;
    }

    /** The hit where the process died: boundary, occurrence, thread and the caller's frames. */
    public BoundaryHit crashSite() {
        return report.crashSite();
    }

    /**
     * Every watched hit of the run in order, ending with the crash site. Only the crash site carries its
     * {@linkplain BoundaryHit#stack() stack}; record the run to see where the others were.
     */
    public List<BoundaryHit> hits() {
        return report.hits();
    }

    /** Hits per boundary name, in the order the boundaries were first reached. */
    public Map<String, Integer> hitCounts() {
        return RunReport.counts(report.hits());
    }

    /**
     * What the dead process still tried after an in-process death, one line each ({@code statement "INSERT INTO
     * audit ..." on thread main at Relay.markFailed(Relay.java:61) was refused}), and whether the workload caught the
     * crash and returned. Each call was refused before it reached a database, so none of it is durable; none of it is
     * a verdict (a real exit runs nothing after the death, and code that catches a failure and records it is
     * correct code). Empty for a child process, which runs nothing after its exit.
     */
    public List<String> afterDeath() {
        return report.afterDeath();
    }

    /** For a child-process crash: its exit code ({@value BoundaryEngine#CRASH_EXIT_CODE}) and output, kept for diagnosis. */
    public Optional<ChildResult> childResult() {
        return Optional.ofNullable(childResult);
    }

    @Override
    public String toString() {
        BoundaryHit site = crashSite();
        return (plan.fault() == Fault.FAILURE ? "failed " : "crashed ")
                + (mode == CrashMode.IN_PROCESS ? "in process" : "in a child JVM") + " at " + plan.describe()
                + " on thread " + site.threadName()
                + (site.stack().isEmpty() ? "" : " at " + site.stack().get(0));
    }
}
