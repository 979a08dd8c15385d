package dev.deliverykit.internal.instrument;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Function;
import org.apiguardian.api.API;

/**
 * Installs the engine's weaving, once per JVM and only what some run needs: JDBC calls into classes that
 * implement {@code java.sql.Statement}, {@code java.sql.Connection}, {@code java.sql.Driver} or
 * {@code javax.sql.DataSource} (and their JDBC-shaped superclasses), and method boundaries only into the
 * methods that method selectors name, both through one hand-written {@link Weaver}; and the ordered-delivery
 * entry points through ByteBuddy ({@link EntryPointWeaving}). Already-loaded classes are retransformed.
 * Every transformer and retransformation error is kept as an {@link InstrumentationProblem}, never dropped.
 */
@API(status = INTERNAL, since = "0.1")
public final class Instrumenter {

    /** Classes retransformed per {@code retransformClasses} call; a failing batch is retried class by class. */
    private static final int RETRANSFORM_BATCH = 64;

    private static Instrumenter instance;

    private final AgentInstallation agent;
    private final List<InstrumentationProblem> problems = Collections.synchronizedList(new ArrayList<>());
    private final Set<String> transformedTypes = ConcurrentHashMap.newKeySet();
    private final Map<ClassLoader, Boolean> loaderSeesKit = Collections.synchronizedMap(new WeakHashMap<>());
    /** Per internal class name, every method target known so far. */
    private final Map<String, List<MethodTarget>> methodTargets = new LinkedHashMap<>();

    private final Weaver weaver = new Weaver(new Weaver.Host() {
        @Override
        public boolean seesKit(ClassLoader loader) {
            return Instrumenter.this.seesKit(loader);
        }

        @Override
        public void problem(String typeName, ClassLoader loader, boolean retransforming, Throwable error) {
            problems.add(new InstrumentationProblem(typeName, describe(loader), retransforming, error));
        }

        @Override
        public void woven(String typeName) {
            transformedTypes.add(typeName);
        }
    });
    private boolean weaverInstalled;
    private boolean jdbcInstalled;
    private volatile EntryPointWeaving entryPoints;

    private Instrumenter(AgentInstallation agent) {
        this.agent = agent;
    }

    /** The JVM's instrumenter; the first call obtains the agent (see {@link AgentInstallation}). */
    public static synchronized Instrumenter get() {
        if (instance == null) {
            instance = new Instrumenter(AgentInstallation.obtain());
        }
        return instance;
    }

    /** Where the agent came from. */
    public AgentSource agentSource() {
        return agent.source();
    }

    /** How long obtaining the agent took. */
    public Duration agentInstallTime() {
        return agent.installTime();
    }

    /** How many problems were kept so far (cheaper than {@link #problems()} when nothing is new). */
    public int problemCount() {
        return problems.size();
    }

    /** Every problem so far, oldest first. */
    public List<InstrumentationProblem> problems() {
        synchronized (problems) {
            return List.copyOf(problems);
        }
    }

    /** Whether calls have been woven into the named type (loaded, or retransformed after loading). */
    public boolean wasTransformed(String typeName) {
        return transformedTypes.contains(typeName) || isEntryPointWoven(typeName);
    }

    /**
     * Weaves the JDBC calls from {@code premain}'s daemon thread. A first run that starts meanwhile waits in
     * {@link #ensureJdbc()} (same lock); a failure is kept as a problem, which that run reports.
     */
    static void weaveJdbcEarly() {
        Instrumenter instrumenter;
        try {
            instrumenter = get();
        } catch (RuntimeException | Error e) {
            return; // the first run obtains the agent again and reports why it cannot
        }
        try {
            instrumenter.ensureJdbc();
        } catch (RuntimeException | Error e) {
            instrumenter.problems.add(
                    new InstrumentationProblem("JDBC weaving (started at JVM start by -javaagent)", "-", false, e));
        }
    }

    /** Weaves the JDBC calls into every Statement and Connection implementation, loaded or not (once). */
    public synchronized void ensureJdbc() {
        if (jdbcInstalled) {
            return;
        }
        jdbcInstalled = true;
        weaver.weaveJdbc();
        installWeaver();
        List<Class<?>> loaded = new ArrayList<>();
        for (Class<?> type : instrumentation().getAllLoadedClasses()) {
            if (isJdbcCandidate(type)) {
                loaded.add(type);
            }
        }
        retransform(loaded);
        weaveExecutors();
    }

    /**
     * Weaves the JDK's executors (see {@link ExecutorWeaver}) after defining their bridge in
     * {@code java.base} ({@link BootstrapBridge}). Without it the threads of a process are only those it starts; a failure is kept as a
     * problem, which the next run reports.
     */
    private void weaveExecutors() {
        try {
            BootstrapBridge.define(instrumentation());
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
                ExecutorWeaver::transformer, "a JDK executor (tasks it runs are not tracked as the process's)");
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
        retransform(executors);
        weaveOutsideEffects();
    }

    /**
     * Weaves the JDK's sockets, files and HTTP client (see {@link OutsideEffectWeaver}), through the bridge the
     * executors use. Without it a run does not see what its process sends outside the JVM; a failure is kept as a
     * problem, which the next run reports.
     */
    private void weaveOutsideEffects() {
        addJdkTransformer(
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
        retransform(classes);
    }

    /** Adds a transformer of JDK classes; its errors are kept as problems of {@code what}, retransforming. */
    private void addJdkTransformer(Function<Consumer<Throwable>, KitTransformer> transformer, String what) {
        instrumentation()
                .addTransformer(
                        transformer.apply(
                                error -> problems.add(new InstrumentationProblem(what, "bootstrap", true, error))),
                        true);
    }

    /**
     * Weaves method boundaries into the targets not woven yet. A method matched by an earlier target is not
     * woven twice.
     */
    public synchronized void ensureMethods(List<MethodTarget> targets) {
        Set<String> fresh = new HashSet<>();
        for (MethodTarget target : targets) {
            String internalName = target.typeName().replace('.', '/');
            List<MethodTarget> known = methodTargets.computeIfAbsent(internalName, t -> new ArrayList<>());
            if (!known.contains(target)) {
                known.add(target);
                fresh.add(target.typeName());
            }
        }
        if (fresh.isEmpty()) {
            return;
        }
        Map<String, List<MethodTarget>> all = new LinkedHashMap<>();
        methodTargets.forEach((type, known) -> all.put(type, List.copyOf(known)));
        weaver.weaveMethods(all);
        installWeaver();
        List<Class<?>> loaded = new ArrayList<>();
        for (Class<?> type : instrumentation().getAllLoadedClasses()) {
            if (fresh.contains(type.getName())) {
                loaded.add(type);
            }
        }
        retransform(loaded);
    }

    /**
     * Weaves the ordered-delivery entry-point advice into the targets not woven yet (through ByteBuddy, loaded
     * only here). Independent of {@link #ensureMethods}: a method may carry both.
     */
    public synchronized void ensureEntryPoints(List<MethodTarget> targets) {
        if (entryPoints == null) {
            entryPoints = new EntryPointWeaving(
                    instrumentation(),
                    this::seesKit,
                    (type, loader, loaded, error) ->
                            problems.add(new InstrumentationProblem(type, describe(loader), loaded, error)));
        }
        entryPoints.ensure(targets);
    }

    /** Whether entry-point advice has been woven into the named type. */
    public boolean isEntryPointWoven(String typeName) {
        EntryPointWeaving woven = entryPoints;
        return woven != null && woven.isWoven(typeName);
    }

    private void installWeaver() {
        if (!weaverInstalled) {
            instrumentation().addTransformer(weaver, true);
            weaverInstalled = true;
        }
    }

    /**
     * Retransforms already-loaded classes in batches; a batch that fails is retried class by class, so that
     * each error is kept with its class. The weaver keeps its own errors (the class then stays as it was).
     */
    private void retransform(List<Class<?>> types) {
        for (int from = 0; from < types.size(); from += RETRANSFORM_BATCH) {
            List<Class<?>> batch = types.subList(from, Math.min(types.size(), from + RETRANSFORM_BATCH));
            int mark = problems.size();
            try {
                instrumentation().retransformClasses(batch.toArray(new Class<?>[0]));
            } catch (UnmodifiableClassException | RuntimeException | LinkageError batchFailed) {
                for (Class<?> type : batch) {
                    try {
                        instrumentation().retransformClasses(type);
                    } catch (UnmodifiableClassException | RuntimeException | LinkageError error) {
                        problems.add(new InstrumentationProblem(
                                type.getName(), describe(type.getClassLoader()), true, error));
                    }
                }
                dropRepeatsSince(mark);
            }
        }
    }

    /**
     * Drops the problems kept since {@code mark} that repeat an earlier one of them (same class, loader and
     * error text): a failed batch is retried class by class, and the weaver reports its errors again then.
     */
    private void dropRepeatsSince(int mark) {
        synchronized (problems) {
            Set<String> seen = new HashSet<>();
            List<InstrumentationProblem> fresh = new ArrayList<>(problems.subList(mark, problems.size()));
            problems.subList(mark, problems.size()).clear();
            for (InstrumentationProblem problem : fresh) {
                if (seen.add(problem.describe())) {
                    problems.add(problem);
                }
            }
        }
    }

    /**
     * A loaded class the weaver may weave JDBC calls into: modifiable, not the JDK's or a test tool's (by
     * name, as the weaver rejects them), and a JDBC type or declaring a JDBC-shaped method. The weaver decides
     * again from the class file.
     */
    private boolean isJdbcCandidate(Class<?> type) {
        if (type.getClassLoader() == null
                || type.isInterface()
                || type.isArray()
                || type.isPrimitive()
                || type.isSynthetic()
                || !instrumentation().isModifiableClass(type)
                || Weaver.rejectsByName(type.getName().replace('.', '/'))) {
            return false;
        }
        return JdbcMatcher.isLoadedCandidate(type);
    }

    /**
     * JVM options that give a child JVM the agent the same way this JVM got it: the same
     * {@code -javaagent} (only the kit's own or byte-buddy-agent's, never unrelated agents), or else
     * permission to attach dynamically without a warning.
     */
    public static List<String> childJvmOptions() {
        return ChildAgentOptions.childJvmOptions();
    }

    /** Whether classes defined by {@code loader} can link against this package's Dispatcher. */
    private boolean seesKit(ClassLoader loader) {
        if (loader == null) {
            return false;
        }
        Boolean known = loaderSeesKit.get(loader);
        if (known == null) {
            try {
                known = Class.forName(Dispatcher.class.getName(), false, loader) == Dispatcher.class;
            } catch (ClassNotFoundException | LinkageError e) {
                known = false;
            }
            loaderSeesKit.put(loader, known);
        }
        return known;
    }

    static String describe(ClassLoader loader) {
        return loader == null ? "bootstrap" : loader.getName() != null ? loader.getName() : loader.toString();
    }

    /** For tests: the instrumentation, to check what is woven. */
    Instrumentation instrumentation() {
        return agent.instrumentation();
    }
}
