package dev.deliverykit.internal.instrument;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.lang.instrument.Instrumentation;
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
import org.apiguardian.api.API;

/**
 * Installs the engine's weaving, once per JVM and only what some run needs: JDBC calls into classes that
 * implement {@code java.sql.Statement}, {@code java.sql.Connection}, {@code java.sql.Driver} or
 * {@code javax.sql.DataSource} (and their JDBC-shaped superclasses), and method boundaries only into the
 * methods that method selectors name, both through one hand-written {@link Weaver}; and the ordered-delivery
 * entry points through ByteBuddy ({@link EntryPointWeaving}); with the JDBC calls, the JDK's executors, sockets,
 * files and HTTP client ({@link JdkWeaving}). Already-loaded classes are retransformed ({@link Retransformation}).
 * Every transformer and retransformation error is kept as an {@link InstrumentationProblem}, never dropped.
 */
@API(status = INTERNAL, since = "0.1")
public final class Instrumenter {

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
    private boolean jdkInstalled;
    private boolean timeInstalled;
    private volatile EntryPointWeaving entryPoints;

    private final Retransformation retransformation;

    private Instrumenter(AgentInstallation agent) {
        this.agent = agent;
        this.retransformation = new Retransformation(agent.instrumentation(), problems);
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
     * Weaves the JDBC calls from {@code premain}'s daemon thread, and nothing else: the JDK's executors, threads,
     * sockets, files and HTTP client wait for the first run ({@link #ensureJdbc()}), so that a JVM that never runs a
     * crash test pays for none of them. A first run that starts meanwhile waits (same lock); a failure is kept as a
     * problem, which that run reports.
     */
    static void weaveJdbcEarly() {
        Instrumenter instrumenter;
        try {
            instrumenter = get();
        } catch (RuntimeException | Error e) {
            return; // the first run obtains the agent again and reports why it cannot
        }
        try {
            if (isKitChild()) {
                instrumenter.ensureJdbc(); // a kit child always runs: weave the JDK too, while its main starts
            } else {
                synchronized (instrumenter) {
                    instrumenter.weaveJdbcCalls();
                }
            }
        } catch (RuntimeException | Error e) {
            instrumenter.problems.add(
                    new InstrumentationProblem("JDBC weaving (started at JVM start by -javaagent)", "-", false, e));
        }
    }

    /**
     * The main classes the kit starts its case children with: testkit-core's {@code ChildMain} and testkit-junit5's
     * {@code RerunMain} (named, not referenced: this room depends on neither).
     */
    static final List<String> KIT_CHILD_MAINS =
            List.of("dev.deliverykit.boundary.ChildMain", "dev.deliverykit.junit5.internal.rerun.RerunMain");

    /** Whether this JVM is a child the kit started for a case, not a test JVM. */
    private static boolean isKitChild() {
        return isKitChildCommand(System.getProperty("sun.java.command", ""));
    }

    /**
     * Whether a JVM whose command (main class and arguments) is this one is a child the kit started for a case. Any
     * other main, a test runner's or a user's, even in the kit's packages, gets no JDK weaving before its first run.
     */
    public static boolean isKitChildCommand(String command) {
        for (String main : KIT_CHILD_MAINS) {
            if (command.equals(main) || command.startsWith(main + " ")) {
                return true;
            }
        }
        return false;
    }

    /**
     * Weaves what every run needs, once: the JDBC calls into every Statement and Connection implementation, loaded
     * or not, and the JDK's executors, threads and calls that leave the JVM ({@link JdkWeaving}).
     */
    public synchronized void ensureJdbc() {
        weaveJdbcCalls();
        if (!jdkInstalled) {
            jdkInstalled = true;
            JdkWeaving.install(instrumentation(), problems, retransformation);
        }
    }

    /**
     * Weaves, once, what every run needs and the reads of the time ({@link TimeWeaving}), for runs whose instances
     * read the kit's clock. Nothing of the time is woven without the bridge, whose failure is a problem already.
     */
    public synchronized void ensureTimeReads() {
        ensureJdbc();
        if (!timeInstalled && BootstrapBridge.isDefined()) {
            timeInstalled = true;
            TimeWeaving.install(instrumentation(), problems, retransformation);
        }
    }

    /** Weaves the JDBC calls into every Statement and Connection implementation, loaded or not (once). */
    private void weaveJdbcCalls() {
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
        retransformation.retransform(loaded);
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
        retransformation.retransform(loaded);
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
     * A loaded class the weaver may weave JDBC calls into: modifiable, not the JDK's or a test tool's (by
     * name, as the weaver rejects them) nor the engine's, and a JDBC type or declaring a JDBC-shaped method. The weaver decides
     * again from the class file.
     */
    private boolean isJdbcCandidate(Class<?> type) {
        if (type.getClassLoader() == null
                || type.isInterface()
                || type.isArray()
                || type.isPrimitive()
                || type.isSynthetic()
                || !instrumentation().isModifiableClass(type)
                || Weaver.rejects(type)) {
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
