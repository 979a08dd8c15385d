package dev.deliverykit.internal.instrument;

import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.ClassFileTransformer;
import java.nio.charset.StandardCharsets;
import java.security.ProtectionDomain;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import javax.sql.DataSource;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * The engine's one class file transformer for JDBC calls and method boundaries (see {@link WovenMethod} for
 * what it injects). It decides from the class file alone, loading no class: JDBC calls are woven into
 * classes that implement {@code java.sql.Statement}, {@code java.sql.Connection}, {@code java.sql.Driver} or
 * {@code javax.sql.DataSource}, or are JDBC-shaped (see {@link #jdbcWeaving}); super types are read as class
 * file headers through the class loader (cached), or, when an already-loaded class is retransformed, asked
 * of the class itself. Method boundaries are woven into the methods that method selectors name.
 *
 * <p>Every transformation starts from the class's original bytes (the JVM passes them again on every
 * retransformation), so the JDBC calls and all method boundaries known at that time are woven together,
 * the method boundary outside the JDBC call, and nothing twice. Errors are handed to {@code problems},
 * never dropped; the class then stays as it was.
 */
final class Weaver implements ClassFileTransformer {

    /**
     * Packages that hold no JDBC driver or pool: the JDK, test and build tools, the kit's libraries. Every
     * class that loads comes here; these are rejected by name, before anything is parsed.
     */
    private static final String[] NOT_JDBC_PACKAGES = {
        "java/",
        "javax/",
        "jdk/",
        "sun/",
        "com/sun/",
        "org/junit/",
        "junit/",
        "org/opentest4j/",
        "org/apiguardian/",
        "org/assertj/",
        "org/hamcrest/",
        "org/mockito/",
        "org/apache/maven/",
        "org/codehaus/plexus/",
        "com/fasterxml/jackson/",
        "org/slf4j/",
        "org/jboss/byteman/",
        "org/openjdk/jmh/",
        "kotlin/",
        "scala/",
        "groovy/",
        "org/gradle/",
        "dev/deliverykit/internal/",
        "net/bytebuddy/"
    };

    /** Never woven, not even for a method selector: ByteBuddy and this package. */
    private static final String[] KIT = {"net/bytebuddy/", "dev/deliverykit/internal/instrument/"};

    private static final Set<String> EXECUTE = Set.of(
            "execute", "executeQuery", "executeUpdate", "executeLargeUpdate", "executeBatch", "executeLargeBatch");
    static final Set<String> STATEMENT_METHODS = union(EXECUTE, Set.of("addBatch", "clearBatch"));
    static final Set<String> CONNECTION_METHODS =
            Set.of("createStatement", "prepareStatement", "prepareCall", "commit", "rollback", "setAutoCommit");
    /** The result-set calls a dead process may not make: reading on, or writing rows. */
    static final Set<String> RESULT_SET_METHODS = Set.of("next", "updateRow", "insertRow", "deleteRow");
    /** A class that declares no method of these names gets no JDBC weaving (its constructors neither). */
    private static final Set<String> JDBC_METHODS = union(
            STATEMENT_METHODS, union(CONNECTION_METHODS, Set.of("connect", "getConnection", "updateRow", "wasNull")));

    private static final byte[][] JDBC_METHOD_NAMES = ascii(JDBC_METHODS);

    private static final String SQL_EXCEPTION = "java/sql/SQLException";
    private static final String STATEMENT = "java/sql/Statement";
    private static final String CONNECTION = "java/sql/Connection";
    private static final String DRIVER = "java/sql/Driver";
    private static final String DATA_SOURCE = "javax/sql/DataSource";
    private static final String RESULT_SET = "java/sql/ResultSet";
    private static final String PREPARED_STATEMENT = "java/sql/PreparedStatement";

    /** What the weaver needs from the {@link Instrumenter}. */
    interface Host {
        /** Whether classes defined by {@code loader} can link against the Dispatcher. */
        boolean seesKit(ClassLoader loader);

        /** Keeps an error that left {@code typeName} unwoven. */
        void problem(String typeName, ClassLoader loader, boolean retransforming, Throwable error);

        /** {@code typeName} was woven. */
        void woven(String typeName);
    }

    private final Host host;
    private volatile boolean jdbc;
    /** Per internal class name, the method selectors' targets; replaced, never changed. */
    private volatile Map<String, List<MethodTarget>> targets = Map.of();

    private final Map<ClassLoader, Map<String, Header>> headers = Collections.synchronizedMap(new WeakHashMap<>());

    Weaver(Host host) {
        this.host = host;
    }

    /** From now on JDBC calls are woven into the classes that load (and those retransformed). */
    void weaveJdbc() {
        jdbc = true;
    }

    /** From now on these method targets too (per internal class name). */
    synchronized void weaveMethods(Map<String, List<MethodTarget>> all) {
        targets = Map.copyOf(all);
    }

    @Override
    public byte[] transform(
            ClassLoader loader,
            String className,
            Class<?> classBeingRedefined,
            ProtectionDomain protectionDomain,
            byte[] classfileBuffer) {
        if (className == null || startsWithAny(className, KIT)) {
            return null;
        }
        List<MethodTarget> named = targets.get(className);
        boolean jdbcCandidate = jdbc
                && loader != null
                && !startsWithAny(className, NOT_JDBC_PACKAGES)
                && ClassShape.mentionsAny(classfileBuffer, JDBC_METHOD_NAMES);
        if (named == null && !jdbcCandidate) {
            return null;
        }
        String typeName = className.replace('/', '.');
        boolean retransforming = classBeingRedefined != null;
        try {
            ClassShape shape = ClassShape.read(classfileBuffer);
            if (shape.has(Opcodes.ACC_SYNTHETIC)) {
                return null;
            }
            Map<String, Plan> plans = new HashMap<>();
            if (jdbcCandidate) {
                jdbcWeaving(shape, loader, classBeingRedefined, plans);
                if (!plans.isEmpty() && !host.seesKit(loader)) {
                    host.problem(
                            typeName,
                            loader,
                            retransforming,
                            new IllegalStateException("its class loader cannot"
                                    + " see the kit's Dispatcher, so its JDBC calls cannot be woven and are no boundaries;"
                                    + " load the kit from the same or a parent class loader"));
                    plans.clear();
                }
            }
            if (named != null) {
                if (!host.seesKit(loader)) {
                    host.problem(
                            typeName,
                            loader,
                            retransforming,
                            new IllegalStateException("its class loader cannot"
                                    + " see the kit's Dispatcher, so no advice can be woven into it; load the kit from the"
                                    + " same or a parent class loader"));
                } else {
                    methodWeaving(shape, named, plans);
                }
            }
            if (plans.isEmpty()) {
                return null;
            }
            byte[] woven = weave(classfileBuffer, shape, plans);
            host.woven(typeName);
            return woven;
        } catch (Throwable error) {
            host.problem(typeName, loader, retransforming, error);
            return null;
        }
    }

    /** Whether a class of this internal name is never woven with JDBC calls, by its package alone. */
    static boolean rejectsByName(String internalName) {
        return startsWithAny(internalName, NOT_JDBC_PACKAGES) || startsWithAny(internalName, KIT);
    }

    private static boolean startsWithAny(String name, String[] prefixes) {
        for (String prefix : prefixes) {
            if (name.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    // ---- deciding ------------------------------------------------------------------------------------

    /** What one method gets: a JDBC kind, a method boundary, or both (the boundary outside). */
    private static final class Plan {
        WovenMethod.Kind jdbc;
        String origin;
        /** The operation a guarded call names in messages. */
        String guarded;
    }

    private static Plan plan(Map<String, Plan> plans, ClassShape.Method method) {
        String key = method.name() + method.descriptor();
        Plan plan = plans.get(key);
        if (plan == null) {
            plan = new Plan();
            plans.put(key, plan);
        }
        return plan;
    }

    private static Set<String> union(Set<String> first, Set<String> second) {
        Set<String> both = new HashSet<>(first);
        both.addAll(second);
        return Set.copyOf(both);
    }

    private static byte[][] ascii(Set<String> names) {
        byte[][] bytes = new byte[names.size()][];
        int i = 0;
        for (String name : names) {
            bytes[i++] = name.getBytes(StandardCharsets.US_ASCII);
        }
        return bytes;
    }

    /**
     * JDBC weaving for a class that declares a method of a JDBC name and is not an interface: statement
     * calls if it is a {@code Statement} or declares a public instance method of a statement's name that
     * throws {@code SQLException} (a driver's abstract base class, such as sqlite-jdbc's
     * {@code JDBC3Statement}, may declare {@code execute(String)} without implementing the interface; the
     * dispatcher checks at run time what the object is); connection calls and constructors likewise;
     * {@code Driver.connect} and {@code DataSource.getConnection} if it implements those. Only declared
     * methods are woven, so a class that declares no JDBC name leaves its constructors to the superclass that
     * does (which runs as part of every constructor).
     */
    private void jdbcWeaving(ClassShape shape, ClassLoader loader, Class<?> loaded, Map<String, Plan> plans) {
        if (shape.has(Opcodes.ACC_INTERFACE) || shape.has(Opcodes.ACC_ANNOTATION)) {
            return;
        }
        boolean jdbcName = false;
        boolean statementCalls = false;
        boolean connect = false;
        boolean getConnection = false;
        for (ClassShape.Method method : shape.methods()) {
            jdbcName |= JDBC_METHODS.contains(method.name());
            statementCalls |= isExecute(method) || isBatch(method);
            connect |= isConnect(method);
            getConnection |= isGetConnection(method);
        }
        if (!jdbcName) {
            return;
        }
        SuperTypes supers = new SuperTypes(shape, loader, loaded);
        if (statementCalls
                && (declaresJdbcMethod(shape, STATEMENT_METHODS) || supers.isA(STATEMENT, Statement.class))) {
            for (ClassShape.Method method : shape.methods()) {
                if (isExecute(method)) {
                    plan(plans, method).jdbc = WovenMethod.Kind.EXECUTE;
                } else if (isBatch(method)) {
                    plan(plans, method).jdbc = WovenMethod.Kind.BATCH;
                }
            }
        }
        if (declaresJdbcMethod(shape, CONNECTION_METHODS) || supers.isA(CONNECTION, Connection.class)) {
            for (ClassShape.Method method : shape.methods()) {
                WovenMethod.Kind kind = connectionKind(method);
                if (kind != null) {
                    plan(plans, method).jdbc = kind;
                }
            }
        }
        boolean resultSet = supers.isA(RESULT_SET, ResultSet.class);
        // Like statement calls, a driver's base class may be prepared-statement-shaped without implementing
        // the interface (sqlite-jdbc's JDBC3PreparedStatement): a public executeUpdate() that throws SQLException.
        boolean prepared = supers.isA(PREPARED_STATEMENT, PreparedStatement.class) || declaresPreparedExecute(shape);
        for (ClassShape.Method method : shape.methods()) {
            if (resultSet
                    && RESULT_SET_METHODS.contains(method.name())
                    && method.isPublicInstanceWithCode()
                    && method.descriptor().startsWith("()")) {
                guard(plans, method, "ResultSet." + method.name() + "()");
            } else if (prepared && isParameterSetter(method)) {
                guard(plans, method, "PreparedStatement." + method.name() + "(...)");
            }
        }
        boolean driver = connect && supers.isA(DRIVER, Driver.class);
        boolean dataSource = getConnection && supers.isA(DATA_SOURCE, DataSource.class);
        for (ClassShape.Method method : shape.methods()) {
            if (driver && isConnect(method) || dataSource && isGetConnection(method)) {
                plan(plans, method).jdbc = WovenMethod.Kind.NESTED;
            }
        }
    }

    /** A guarded call: entry only, checked after a crash; {@code operation} names it in messages. */
    private static void guard(Map<String, Plan> plans, ClassShape.Method method, String operation) {
        Plan plan = plan(plans, method);
        if (plan.jdbc == null) {
            plan.jdbc = WovenMethod.Kind.GUARDED;
            plan.guarded = operation;
        }
    }

    private static boolean declaresPreparedExecute(ClassShape shape) {
        for (ClassShape.Method method : shape.methods()) {
            if (EXECUTE.contains(method.name())
                    && method.descriptor().startsWith("()")
                    && method.has(Opcodes.ACC_PUBLIC)
                    && !method.has(Opcodes.ACC_STATIC)
                    && method.declares(SQL_EXCEPTION)) {
                return true;
            }
        }
        return false;
    }

    /** {@code setString(int, String)} and the other parameter setters of a prepared statement. */
    private static boolean isParameterSetter(ClassShape.Method method) {
        return method.name().startsWith("set")
                && method.name().length() > 3
                && method.isPublicInstanceWithCode()
                && method.descriptor().startsWith("(I");
    }

    static boolean declaresJdbcMethod(ClassShape shape, Set<String> names) {
        for (ClassShape.Method method : shape.methods()) {
            if (names.contains(method.name())
                    && method.has(Opcodes.ACC_PUBLIC)
                    && !method.has(Opcodes.ACC_STATIC)
                    && method.declares(SQL_EXCEPTION)) {
                return true;
            }
        }
        return false;
    }

    /** {@code execute*()} or {@code execute*(String, ...)}. */
    private static boolean isExecute(ClassShape.Method method) {
        return EXECUTE.contains(method.name())
                && method.isPublicInstanceWithCode()
                && (method.descriptor().startsWith("()") || method.descriptor().startsWith("(Ljava/lang/String;"));
    }

    /** {@code addBatch(String)} or {@code clearBatch()}. */
    private static boolean isBatch(ClassShape.Method method) {
        return method.isPublicInstanceWithCode()
                && (method.name().equals("addBatch") && method.descriptor().startsWith("(Ljava/lang/String;)")
                        || method.name().equals("clearBatch")
                                && method.descriptor().startsWith("()"));
    }

    private static WovenMethod.Kind connectionKind(ClassShape.Method method) {
        if (method.name().equals("<init>")) {
            return WovenMethod.Kind.CONSTRUCTOR;
        }
        if (!method.isPublicInstanceWithCode()) {
            return null;
        }
        switch (method.name()) {
            case "prepareStatement":
            case "prepareCall":
                return method.descriptor().startsWith("(Ljava/lang/String;") ? WovenMethod.Kind.PREPARE : null;
            case "createStatement":
            case "setAutoCommit":
                return WovenMethod.Kind.CREATE;
            case "commit":
            case "rollback":
                return method.descriptor().startsWith("()") ? WovenMethod.Kind.TRANSACTION : null;
            default:
                return null;
        }
    }

    private static boolean isConnect(ClassShape.Method method) {
        return method.name().equals("connect")
                && method.isPublicInstanceWithCode()
                && method.descriptor().startsWith("(Ljava/lang/String;Ljava/util/Properties;)");
    }

    private static boolean isGetConnection(ClassShape.Method method) {
        return method.name().equals("getConnection")
                && method.isPublicInstanceWithCode()
                && (method.descriptor().startsWith("()")
                        || method.descriptor().startsWith("(Ljava/lang/String;Ljava/lang/String;)"));
    }

    /** The methods the targets name, with a body; the origin is {@code type|method|descriptor}. */
    private static void methodWeaving(ClassShape shape, List<MethodTarget> named, Map<String, Plan> plans) {
        String typeName = shape.name().replace('/', '.');
        for (ClassShape.Method method : shape.methods()) {
            // A bridge or other synthetic method only calls the real one: woven too, one call would hit twice.
            if (!method.hasCode()
                    || method.name().startsWith("<")
                    || method.has(Opcodes.ACC_BRIDGE)
                    || method.has(Opcodes.ACC_SYNTHETIC)) {
                continue;
            }
            for (MethodTarget target : named) {
                if (target.methodName().equals(method.name())
                        && (target.parameterTypes() == null
                                || target.parameterTypes()
                                        .equals(Descriptors.parameterTypeNames(method.descriptor())))) {
                    plan(plans, method).origin = typeName + "|" + method.name() + "|" + method.descriptor();
                    break;
                }
            }
        }
    }

    // ---- weaving -------------------------------------------------------------------------------------

    private static byte[] weave(byte[] original, ClassShape shape, Map<String, Plan> plans) {
        return MethodRewriting.rewrite(original, ClassReader.EXPAND_FRAMES, (access, name, descriptor, visitor) -> {
            Plan plan = plans.get(name + descriptor);
            if (plan == null) {
                return visitor;
            }
            MethodVisitor woven = visitor;
            if (plan.origin != null) {
                woven = WovenMethod.weave(
                        WovenMethod.Kind.METHOD,
                        shape.name(),
                        access,
                        name,
                        descriptor,
                        shape.version(),
                        plan.origin,
                        woven);
            }
            if (plan.jdbc != null) {
                woven = WovenMethod.weave(
                        plan.jdbc, shape.name(), access, name, descriptor, shape.version(), plan.guarded, woven);
            }
            return woven;
        });
    }

    // ---- super types -----------------------------------------------------------------------------------

    /** A class file's super types, as far as read. */
    private record Header(String superName, String[] interfaces) {}

    /**
     * The super types of one class: of a class being loaded, read as class file headers through its loader
     * (once per loader and name); of a loaded class, asked of the class.
     */
    private final class SuperTypes {
        private final ClassShape shape;
        private final ClassLoader loader;
        private final Class<?> loaded;
        private Set<String> all;

        SuperTypes(ClassShape shape, ClassLoader loader, Class<?> loaded) {
            this.shape = shape;
            this.loader = loader;
            this.loaded = loaded;
        }

        boolean isA(String internalName, Class<?> type) {
            if (loaded != null) {
                return type.isAssignableFrom(loaded);
            }
            if (all == null) {
                all = collect();
            }
            return all.contains(internalName);
        }

        private Set<String> collect() {
            Set<String> seen = new HashSet<>();
            Deque<String> todo = new ArrayDeque<>();
            add(todo, new Header(shape.superName(), shape.interfaces()));
            while (!todo.isEmpty()) {
                String name = todo.poll();
                if (seen.add(name) && !name.equals("java/lang/Object")) {
                    add(todo, header(loader, name, shape.name()));
                }
            }
            return seen;
        }

        private void add(Deque<String> todo, Header header) {
            if (header.superName() != null) {
                todo.add(header.superName());
            }
            Collections.addAll(todo, header.interfaces());
        }
    }

    private Header header(ClassLoader loader, String name, String forType) {
        Map<String, Header> known;
        synchronized (headers) {
            known = headers.get(loader);
            if (known == null) {
                known = new ConcurrentHashMap<>();
                headers.put(loader, known);
            }
        }
        Header header = known.get(name);
        if (header == null) {
            header = readHeader(loader, name, forType);
            known.put(name, header);
        }
        return header;
    }

    private static Header readHeader(ClassLoader loader, String name, String forType) {
        try (InputStream in = loader.getResourceAsStream(name + ".class")) {
            if (in == null) {
                throw new IllegalStateException("cannot read the class file of " + name.replace('/', '.')
                        + ", a super type of " + forType.replace('/', '.') + ", through its class loader");
            }
            ClassReader reader = new ClassReader(in.readAllBytes());
            return new Header(reader.getSuperName(), reader.getInterfaces());
        } catch (IOException e) {
            throw new IllegalStateException(
                    "cannot read the class file of " + name.replace('/', '.') + ", a super" + " type of "
                            + forType.replace('/', '.') + ": " + e,
                    e);
        }
    }
}
