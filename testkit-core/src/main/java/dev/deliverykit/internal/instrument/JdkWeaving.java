package dev.deliverykit.internal.instrument;

import java.lang.instrument.Instrumentation;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
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
        addJdkTransformer(
                instrumentation,
                problems,
                OutsideEffectWeaver::transformer,
                "a JDK socket, file or HTTP client class (calls that leave the JVM are not seen)");
        // Only the classes loaded by now are retransformed: the transformers weave the others as they load, so a
        // run does not load the HTTP client or file channels that its process never uses.
        Set<String> woven = new HashSet<>();
        ExecutorWeaver.METHODS.keySet().forEach(name -> woven.add(name.replace('/', '.')));
        OutsideEffectWeaver.METHODS.keySet().forEach(name -> woven.add(name.replace('/', '.')));
        retransformation.retransform(loaded(instrumentation, woven));
        EngineControls.idleOutsideHook();
    }

    /**
     * The loaded classes of these binary names, each initialised (so linked) first: retransforming a class that
     * another thread is linking at the same time is a JVM race (JDK-8277444) that can crash the JVM; at JVM start
     * ForkJoinWorkerThread and ScheduledThreadPoolExecutor are often loaded but not linked.
     */
    private static List<Class<?>> loaded(Instrumentation instrumentation, Set<String> names) {
        List<Class<?>> classes = new ArrayList<>();
        for (Class<?> type : instrumentation.getAllLoadedClasses()) {
            String name = type.getName();
            if (!type.isArray() && names.contains(name)) {
                try {
                    classes.add(Class.forName(name, true, type.getClassLoader()));
                } catch (ClassNotFoundException | LinkageError unusable) {
                    // a class that cannot be initialised is used by nobody: nothing to weave there
                }
            }
        }
        return classes;
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
