package dev.deliverykit.internal.instrument;

import java.lang.instrument.Instrumentation;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Weaves the JDK's own classes that tell the engine what a process does beyond JDBC: its executors (which
 * threads and tasks belong to it) and its sockets, files and HTTP client (what it sends outside the JVM), all
 * through the bridge that {@link BootstrapBridge} defines in {@code java.base}. Each failure is kept as an
 * {@link InstrumentationProblem}, which the next run reports.
 */
final class JdkWeaving {

    private JdkWeaving() {}

    /**
     * Weaves the JDK's executors (see {@link ExecutorWeaver}) after defining their bridge in {@code java.base}
     * ({@link BootstrapBridge}), then the calls that leave the JVM. Without it the threads of a process are only
     * those it starts.
     */
    static void install(
            Instrumentation instrumentation, List<InstrumentationProblem> problems, Retransformation retransformation) {
        try {
            BootstrapBridge.define(instrumentation);
            BootstrapBridge.workerHook(Processes::workerStarting);
        } catch (RuntimeException | LinkageError e) {
            problems.add(new InstrumentationProblem(
                    "executor tracking (the bootstrap bridge " + ExecutorWeaver.BRIDGE.replace('/', '.') + ")",
                    "bootstrap",
                    false,
                    e));
            return;
        }
        addJdkTransformer(
                instrumentation,
                problems,
                ExecutorWeaver::transformer,
                "a JDK executor (tasks it runs are not tracked as the process's)");
        List<Class<?>> executors = new ArrayList<>();
        for (String name : ExecutorWeaver.METHODS.keySet()) {
            try {
                // Initialised (so linked) first: retransforming a class that another thread is linking at the same
                // time is a JVM race (JDK-8277444) that can crash the JVM; at JVM start ForkJoinWorkerThread and
                // ScheduledThreadPoolExecutor are often loaded but not linked.
                executors.add(Class.forName(name.replace('/', '.'), true, null));
            } catch (ClassNotFoundException impossible) {
                throw new IllegalStateException(impossible);
            }
        }
        retransformation.retransform(executors);
        weaveOutsideEffects(instrumentation, problems, retransformation);
    }

    /**
     * Weaves the JDK's sockets, files and HTTP client (see {@link OutsideEffectWeaver}), through the bridge the
     * executors use. Without it a run does not see what its process sends outside the JVM.
     */
    private static void weaveOutsideEffects(
            Instrumentation instrumentation, List<InstrumentationProblem> problems, Retransformation retransformation) {
        addJdkTransformer(
                instrumentation,
                problems,
                OutsideEffectWeaver::transformer,
                "a JDK socket, file or HTTP client class (calls that leave the JVM are not seen)");
        List<Class<?>> classes = new ArrayList<>();
        for (String name : OutsideEffectWeaver.METHODS.keySet()) {
            try {
                // Initialised first, as the executors are (JDK-8277444).
                ClassLoader loader =
                        name.startsWith("jdk/internal/net/http/") ? ClassLoader.getPlatformClassLoader() : null;
                classes.add(Class.forName(name.replace('/', '.'), true, loader));
            } catch (ClassNotFoundException | LinkageError absent) {
                // a JDK without this class (java.net.http left out of a custom runtime): nothing to weave there
            }
        }
        retransformation.retransform(classes);
    }

    /** Adds a transformer of JDK classes; its errors are kept as problems of {@code what}, retransforming. */
    private static void addJdkTransformer(
            Instrumentation instrumentation,
            List<InstrumentationProblem> problems,
            Function<Consumer<Throwable>, KitTransformer> transformer,
            String what) {
        instrumentation.addTransformer(
                transformer.apply(error -> problems.add(new InstrumentationProblem(what, "bootstrap", true, error))),
                true);
    }
}
