package dev.deliverykit.internal.instrument;

import static net.bytebuddy.matcher.ElementMatchers.isAbstract;
import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.isPublic;
import static net.bytebuddy.matcher.ElementMatchers.isStatic;
import static net.bytebuddy.matcher.ElementMatchers.isSynthetic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.nameStartsWith;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.none;
import static net.bytebuddy.matcher.ElementMatchers.not;
import static net.bytebuddy.matcher.ElementMatchers.returns;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.ProtectionDomain;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.dynamic.scaffold.MethodGraph;
import net.bytebuddy.dynamic.scaffold.TypeValidation;
import net.bytebuddy.matcher.ElementMatcher;
import net.bytebuddy.utility.JavaModule;

/**
 * Installs the engine's transformers, once per JVM and only what some run needs: JDBC advice on classes
 * that implement {@code java.sql.Statement}, {@code java.sql.Connection} or {@code java.sql.Driver} (and
 * their JDBC-shaped superclasses), and method advice only on
 * the methods that method selectors name. Already-loaded classes are retransformed. Every transformer
 * and retransformation error is kept as an {@link InstrumentationProblem}, never dropped.
 */
public final class Instrumenter {

    private static Instrumenter instance;

    private final AgentInstallation agent;
    private final List<InstrumentationProblem> problems = Collections.synchronizedList(new ArrayList<>());
    private final Set<String> transformedTypes = ConcurrentHashMap.newKeySet();
    private final Set<String> invisibleTypes = ConcurrentHashMap.newKeySet();
    private final Map<ClassLoader, Boolean> loaderSeesKit = Collections.synchronizedMap(new WeakHashMap<>());
    private final Map<String, List<MethodTarget>> methodTargets = new LinkedHashMap<>();
    private final Map<String, List<MethodTarget>> entryPointTargets = new LinkedHashMap<>();
    private final Set<String> entryPointTypes = ConcurrentHashMap.newKeySet();
    private boolean jdbcInstalled;

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

    /** Every problem so far, oldest first. */
    public List<InstrumentationProblem> problems() {
        synchronized (problems) {
            return List.copyOf(problems);
        }
    }

    /** Whether advice has been woven into the named type (loaded, or retransformed after loading). */
    public boolean wasTransformed(String typeName) {
        return transformedTypes.contains(typeName);
    }

    /** JDBC classes that were not instrumented because their class loader cannot see the kit. */
    public Set<String> invisibleJdbcTypes() {
        return Set.copyOf(invisibleTypes);
    }

    /**
     * Weaves the JDBC advice from {@code premain}'s daemon thread. A first run that starts meanwhile waits
     * in {@link #ensureJdbc()} (same lock); a failure is kept as a problem, which that run reports.
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
            instrumenter.problems.add(new InstrumentationProblem("JDBC advice (woven at JVM start by -javaagent)",
                    "-", false, e));
        }
    }

    /** Weaves the JDBC advice into every Statement and Connection implementation, loaded or not (once). */
    public synchronized void ensureJdbc() {
        if (jdbcInstalled) {
            return;
        }
        jdbcInstalled = true;
        ElementMatcher.Junction<MethodDescription> instanceMethod = isPublic().and(not(isStatic())).and(not(isAbstract()));
        ElementMatcher.Junction<MethodDescription> execute = instanceMethod
                .and(namedOneOf("execute", "executeQuery", "executeUpdate", "executeLargeUpdate", "executeBatch",
                        "executeLargeBatch"))
                .and(takesArguments(0).or(takesArgument(0, String.class)));
        ElementMatcher.Junction<MethodDescription> batch = instanceMethod
                .and(named("addBatch").and(takesArguments(String.class))
                        .or(named("clearBatch").and(takesArguments(0))));
        ElementMatcher.Junction<MethodDescription> prepare = instanceMethod
                .and(namedOneOf("prepareStatement", "prepareCall")).and(takesArgument(0, String.class));
        // setAutoCommit(true) may call commit() inside the driver (H2 does): a nested call, not a boundary.
        ElementMatcher.Junction<MethodDescription> create = instanceMethod.and(namedOneOf("createStatement", "setAutoCommit"));
        ElementMatcher.Junction<MethodDescription> transaction = instanceMethod
                .and(namedOneOf("commit", "rollback")).and(takesArguments(0));
        ElementMatcher.Junction<MethodDescription> connect = instanceMethod.and(named("connect"))
                .and(takesArguments(String.class, Properties.class));
        agentBuilder(KIT_AND_SYNTHETIC.or(NOT_JDBC_PACKAGES))
                .type(new JdbcTypes())
                .transform((builder, type, loader, module, domain) -> {
                    if (isStatementShaped(type)) {
                        builder = builder.visit(Advice.to(StatementExecuteAdvice.class).on(execute))
                                .visit(Advice.to(StatementBatchAdvice.class).on(batch));
                    }
                    if (isConnectionShaped(type)) {
                        builder = builder.visit(Advice.to(ConnectionUseAdvice.class).on(prepare))
                                .visit(Advice.to(CreateStatementAdvice.class).on(create))
                                .visit(Advice.to(TransactionAdvice.class).on(transaction))
                                .visit(Advice.to(ConnectionConstructorAdvice.class).on(isConstructor()));
                    }
                    if (type.isAssignableTo(Driver.class)) {
                        builder = builder.visit(Advice.to(DriverConnectAdvice.class).on(connect));
                    }
                    return builder;
                })
                .installOn(agent.instrumentation());
    }

    /**
     * Weaves method advice into the targets not woven yet. A method matched by an earlier target is not
     * woven twice.
     */
    public synchronized void ensureMethods(List<MethodTarget> targets) {
        Map<String, List<MethodTarget>> fresh = new LinkedHashMap<>();
        for (MethodTarget target : targets) {
            List<MethodTarget> known = methodTargets.computeIfAbsent(target.typeName(), t -> new ArrayList<>());
            if (!known.contains(target)) {
                fresh.computeIfAbsent(target.typeName(), t -> new ArrayList<>()).add(target);
            }
        }
        if (fresh.isEmpty()) {
            return;
        }
        Map<String, ElementMatcher<MethodDescription>> matchers = new LinkedHashMap<>();
        for (Map.Entry<String, List<MethodTarget>> entry : fresh.entrySet()) {
            List<MethodTarget> earlier = methodTargets.get(entry.getKey());
            matchers.put(entry.getKey(), anyOf(entry.getValue()).and(not(anyOf(earlier))));
            earlier.addAll(entry.getValue());
        }
        agentBuilder()
                .type(new NamedTypes(matchers.keySet()))
                .transform((builder, type, loader, module, domain) -> builder.visit(
                        Advice.to(MethodBoundaryAdvice.class).on(matchers.get(type.getName()))))
                .installOn(agent.instrumentation());
    }

    /**
     * Weaves the ordered-delivery entry-point advice into the targets not woven yet: {@link EntryPointAdvice}
     * into {@code void} methods, {@link ReturningEntryPointAdvice} into the others. Independent of
     * {@link #ensureMethods}: a method may carry both kinds of advice.
     */
    public synchronized void ensureEntryPoints(List<MethodTarget> targets) {
        Map<String, ElementMatcher.Junction<MethodDescription>> matchers = freshMatchers(targets, entryPointTargets);
        if (matchers.isEmpty()) {
            return;
        }
        agentBuilder()
                .with(new EntryPointRecorder())
                .type(new NamedTypes(matchers.keySet()))
                .transform((builder, type, loader, module, domain) -> {
                    ElementMatcher.Junction<MethodDescription> methods = matchers.get(type.getName());
                    return builder
                            .visit(Advice.to(EntryPointAdvice.class).on(methods.and(returns(void.class))))
                            .visit(Advice.to(ReturningEntryPointAdvice.class).on(methods.and(not(returns(void.class)))));
                })
                .installOn(agent.instrumentation());
    }

    /** Whether entry-point advice has been woven into the named type. */
    public boolean isEntryPointWoven(String typeName) {
        return entryPointTypes.contains(typeName);
    }

    /** Per type, a matcher of the targets not in {@code known} yet; records them as known. */
    private static Map<String, ElementMatcher.Junction<MethodDescription>> freshMatchers(List<MethodTarget> targets,
            Map<String, List<MethodTarget>> known) {
        Map<String, List<MethodTarget>> fresh = new LinkedHashMap<>();
        for (MethodTarget target : targets) {
            List<MethodTarget> earlier = known.computeIfAbsent(target.typeName(), t -> new ArrayList<>());
            if (!earlier.contains(target)) {
                fresh.computeIfAbsent(target.typeName(), t -> new ArrayList<>()).add(target);
            }
        }
        Map<String, ElementMatcher.Junction<MethodDescription>> matchers = new LinkedHashMap<>();
        for (Map.Entry<String, List<MethodTarget>> entry : fresh.entrySet()) {
            List<MethodTarget> earlier = known.get(entry.getKey());
            matchers.put(entry.getKey(), anyOf(entry.getValue()).and(not(anyOf(earlier))));
            earlier.addAll(entry.getValue());
        }
        return matchers;
    }

    /**
     * JVM options that give a child JVM the agent the same way this JVM got it: the same
     * {@code -javaagent} (only the kit's own or byte-buddy-agent's, never unrelated agents), or else
     * permission to attach dynamically without a warning.
     */
    public static List<String> childJvmOptions() {
        List<String> options = new ArrayList<>();
        for (String argument : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (argument.startsWith("-javaagent:") && isEngineAgent(argument.substring("-javaagent:".length()))) {
                options.add(argument);
            }
        }
        if (options.isEmpty()) {
            options.add("-Djdk.attach.allowAttachSelf=true");
            if (Runtime.version().feature() >= 21) {
                options.add(AgentInstallation.DYNAMIC_LOADING_FLAG);
            }
        }
        return options;
    }

    private static boolean isEngineAgent(String option) {
        int equals = option.indexOf('=');
        Path jar = Path.of(equals < 0 ? option : option.substring(0, equals));
        if (!Files.isRegularFile(jar)) {
            return false;
        }
        try (JarFile file = new JarFile(jar.toFile())) {
            String premain = file.getManifest() == null ? null
                    : file.getManifest().getMainAttributes().getValue("Premain-Class");
            return KitAgent.class.getName().equals(premain) || "net.bytebuddy.agent.Installer".equals(premain);
        } catch (IOException unreadable) {
            return false;
        }
    }

    private static ElementMatcher.Junction<MethodDescription> anyOf(List<MethodTarget> targets) {
        ElementMatcher.Junction<MethodDescription> matcher = none();
        for (MethodTarget target : targets) {
            ElementMatcher.Junction<MethodDescription> one = named(target.methodName()).and(not(isAbstract()));
            if (target.parameterTypes() != null) {
                List<String> wanted = target.parameterTypes();
                one = one.and(method -> method.getParameters().asTypeList().asErasures().stream()
                        .map(TypeDescription::getActualName).collect(Collectors.toList()).equals(wanted));
            }
            matcher = matcher.or(one);
        }
        return matcher;
    }

    /**
     * Packages that hold no JDBC driver or pool: the JDK, test and build tools, the kit's libraries. The
     * JDBC transformer sees every class that loads; these it rejects by name, before parsing anything.
     */
    private static final ElementMatcher.Junction<TypeDescription> NOT_JDBC_PACKAGES = nameStartsWithAny("java.",
            "javax.", "jdk.", "sun.", "com.sun.", "org.junit.", "junit.", "org.opentest4j.", "org.apiguardian.",
            "org.assertj.", "org.hamcrest.", "org.mockito.", "org.apache.maven.", "org.codehaus.plexus.",
            "com.fasterxml.jackson.", "org.slf4j.", "org.jboss.byteman.", "org.openjdk.jmh.", "kotlin.", "scala.",
            "groovy.", "org.gradle.", "dev.deliverykit.internal.");

    private static ElementMatcher.Junction<TypeDescription> nameStartsWithAny(String... prefixes) {
        ElementMatcher.Junction<TypeDescription> any = none();
        for (String prefix : prefixes) {
            any = any.or(nameStartsWith(prefix));
        }
        return any;
    }

    /** Never instrumented: ByteBuddy, this package, synthetic classes. */
    private static final ElementMatcher.Junction<TypeDescription> KIT_AND_SYNTHETIC = nameStartsWith("net.bytebuddy.")
            .or(nameStartsWith(Instrumenter.class.getPackageName() + ".")).or(isSynthetic());

    /**
     * Advice is only woven into methods a type declares, so the method graph of declared methods is enough
     * (the full graph resolves every super type); and the types are only redefined, never new.
     */
    private static final ByteBuddy BYTE_BUDDY = new ByteBuddy().with(TypeValidation.DISABLED)
            .with(MethodGraph.Compiler.ForDeclaredMethods.INSTANCE);

    private AgentBuilder agentBuilder() {
        return agentBuilder(KIT_AND_SYNTHETIC);
    }

    private AgentBuilder agentBuilder(ElementMatcher<? super TypeDescription> ignored) {
        return new AgentBuilder.Default(BYTE_BUDDY)
                .disableClassFormatChanges()
                .with(AgentBuilder.RedefinitionStrategy.RETRANSFORMATION)
                .with(new RetransformationErrors())
                .with(new Recorder())
                .ignore(ignored);
    }

    /** Whether classes defined by {@code loader} can link against this package's Dispatcher. */
    private boolean seesKit(ClassLoader loader) {
        if (loader == null) {
            return false;
        }
        return loaderSeesKit.computeIfAbsent(loader, l -> {
            try {
                return Class.forName(Dispatcher.class.getName(), false, l) == Dispatcher.class;
            } catch (ClassNotFoundException | LinkageError e) {
                return false;
            }
        });
    }

    private static String describe(ClassLoader loader) {
        return loader == null ? "bootstrap" : loader.getName() != null ? loader.getName() : loader.toString();
    }

    /**
     * Statement and Connection implementations whose class loader can see the kit, and their JDBC-shaped
     * superclasses: a driver may declare {@code execute(String)} in an abstract class that does not itself
     * implement {@code java.sql.Statement} (sqlite-jdbc's {@code JDBC3Statement} does). Such a superclass is
     * recognised by declaring a public method of a JDBC name that throws {@code SQLException}; the
     * dispatcher checks at run time that the object really is a Statement or Connection.
     *
     * <p>Only types that declare a method of a JDBC name are looked at further: advice goes into declared
     * methods only, and the constructors of a Connection class that declares none are woven in the
     * superclass that does (it runs as part of every constructor). Rejecting the rest by their own class
     * file avoids reading every super type of every class the JVM loads (about 0.1 ms a class).
     */
    private final class JdbcTypes implements AgentBuilder.RawMatcher {
        @Override
        public boolean matches(TypeDescription type, ClassLoader loader, JavaModule module, Class<?> beingRedefined,
                ProtectionDomain domain) {
            if (loader == null || type.isInterface() || type.isAnnotation() || !declaresMethodNamed(type, JDBC_METHODS)) {
                return false;
            }
            if (!isStatementShaped(type) && !isConnectionShaped(type) && !type.isAssignableTo(Driver.class)) {
                return false;
            }
            if (!seesKit(loader)) {
                invisibleTypes.add(type.getName() + " (class loader " + describe(loader) + ")");
                return false;
            }
            return true;
        }
    }

    private static final Set<String> STATEMENT_METHODS = Set.of("execute", "executeQuery", "executeUpdate",
            "executeLargeUpdate", "executeBatch", "executeLargeBatch", "addBatch", "clearBatch");
    private static final Set<String> CONNECTION_METHODS = Set.of("createStatement", "prepareStatement", "prepareCall",
            "commit", "rollback", "setAutoCommit");

    private static final Set<String> JDBC_METHODS = Set.of("execute", "executeQuery", "executeUpdate",
            "executeLargeUpdate", "executeBatch", "executeLargeBatch", "addBatch", "clearBatch", "createStatement",
            "prepareStatement", "prepareCall", "commit", "rollback", "setAutoCommit", "connect");

    private static boolean declaresMethodNamed(TypeDescription type, Set<String> names) {
        for (MethodDescription.InDefinedShape method : type.getDeclaredMethods()) {
            if (names.contains(method.getName())) {
                return true;
            }
        }
        return false;
    }

    static boolean isStatementShaped(TypeDescription type) {
        return type.isAssignableTo(Statement.class) || declaresJdbcMethod(type, STATEMENT_METHODS);
    }

    static boolean isConnectionShaped(TypeDescription type) {
        return type.isAssignableTo(Connection.class) || declaresJdbcMethod(type, CONNECTION_METHODS);
    }

    private static boolean declaresJdbcMethod(TypeDescription type, Set<String> names) {
        for (MethodDescription.InDefinedShape method : type.getDeclaredMethods()) {
            if (names.contains(method.getName()) && method.isPublic() && !method.isStatic()
                    && method.getExceptionTypes().asErasures().contains(SQL_EXCEPTION)) {
                return true;
            }
        }
        return false;
    }

    private static final TypeDescription SQL_EXCEPTION = TypeDescription.ForLoadedType.of(SQLException.class);

    /** The types that method selectors name, when their class loader can see the kit. */
    private final class NamedTypes implements AgentBuilder.RawMatcher {
        private final Set<String> names;

        NamedTypes(Set<String> names) {
            this.names = new LinkedHashSet<>(names);
        }

        @Override
        public boolean matches(TypeDescription type, ClassLoader loader, JavaModule module, Class<?> beingRedefined,
                ProtectionDomain domain) {
            if (!names.contains(type.getName())) {
                return false;
            }
            if (!seesKit(loader)) {
                problems.add(new InstrumentationProblem(type.getName(), describe(loader), beingRedefined != null,
                        new IllegalStateException("its class loader cannot see the kit's Dispatcher, so no advice"
                                + " can be woven into it; load the kit from the same or a parent class loader")));
                return false;
            }
            return true;
        }
    }

    /** Keeps transformer errors and remembers what was woven. */
    private final class Recorder extends AgentBuilder.Listener.Adapter {
        @Override
        public void onTransformation(TypeDescription type, ClassLoader loader, JavaModule module, boolean loaded,
                DynamicType dynamicType) {
            transformedTypes.add(type.getName());
        }

        @Override
        public void onError(String typeName, ClassLoader loader, JavaModule module, boolean loaded, Throwable error) {
            problems.add(new InstrumentationProblem(typeName, describe(loader), loaded, error));
        }
    }

    /** Remembers which types carry entry-point advice. */
    private final class EntryPointRecorder extends AgentBuilder.Listener.Adapter {
        @Override
        public void onTransformation(TypeDescription type, ClassLoader loader, JavaModule module, boolean loaded,
                DynamicType dynamicType) {
            entryPointTypes.add(type.getName());
        }
    }

    /** Keeps errors of retransforming already-loaded classes (for example an unmodifiable class). */
    private final class RetransformationErrors extends AgentBuilder.RedefinitionStrategy.Listener.Adapter {
        @Override
        public Iterable<? extends List<Class<?>>> onError(int index, List<Class<?>> batch, Throwable error,
                List<Class<?>> types) {
            for (Class<?> type : batch) {
                problems.add(new InstrumentationProblem(type.getName(), describe(type.getClassLoader()), true, error));
            }
            return Collections.emptyList();
        }
    }

    /** For tests: the instrumentation, to check what is woven. */
    Instrumentation instrumentation() {
        return agent.instrumentation();
    }
}
