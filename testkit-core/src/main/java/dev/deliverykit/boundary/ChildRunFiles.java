package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The files of one child-process run, as a {@link ChildStarter} receives them: the plan the child runs under and
 * the report it writes, with the JVM options the child must be started with.
 *
 * @param plan the plan file the engine wrote
 * @param report where the child writes its report
 * @param agentOptions the options that give the child the engine's agent: this JVM's {@code -javaagent} of the
 *     kit, or the flags that let the child attach it itself
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ChildRunFiles(Path plan, Path report, List<String> agentOptions) {

    public ChildRunFiles {
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(report, "report");
        agentOptions = List.copyOf(agentOptions);
    }

    /**
     * The options to start the child with: {@link #agentOptions()} and the two system properties through which
     * {@link ChildRun#ofThisJvm()} finds the plan and report.
     */
    public List<String> jvmOptions() {
        List<String> options = new ArrayList<>(agentOptions);
        options.addAll(locationOptions());
        return List.copyOf(options);
    }

    /** The two system properties through which {@link ChildRun#ofThisJvm()} finds the plan and report. */
    public List<String> locationOptions() {
        return List.of("-D" + ChildRun.PLAN_PROPERTY + "=" + plan, "-D" + ChildRun.REPORT_PROPERTY + "=" + report);
    }
}
