package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.process.ChildProcess;
import org.apiguardian.api.API;

/**
 * Starts the child JVM of a child-process run whose main class is not the kit's: a JVM that runs code of its own
 * (the JUnit face's child reruns the test method) and hands the workload to {@link ChildRun#runAndHalt} there.
 * The engine writes the run's plan, calls {@link #start}, waits for the child to exit and reads its report.
 *
 * <pre>{@code
 * ChildStarter starter = new ChildStarter() {
 *     public ChildProcess start(ChildRunFiles run) {
 *         return ChildJvm.mainClass(MyChildMain.class).jvmArgs(run.jvmOptions().toArray(new String[0])).start();
 *     }
 *     public String describe() {
 *         return MyChildMain.class.getName();
 *     }
 * };
 * CrashResult crash = BoundaryEngine.get().crashInChildProcess(plan, starter);
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface ChildStarter {

    /** Starts the child; it must run its workload with {@link ChildRun#runAndHalt} under {@code run}'s files. */
    ChildProcess start(ChildRunFiles run);

    /** What the child runs, for messages: "the child JVM running " + this. */
    String describe();
}
