package dev.deliverykit.internal.instrument;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import javax.sql.DataSource;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * Which methods of a class get JDBC calls woven, and of which {@link WovenMethod.Kind}, decided from the class
 * file and its super types alone, loading no class: classes that implement {@code java.sql.Statement},
 * {@code java.sql.Connection}, {@code java.sql.Driver} or {@code javax.sql.DataSource}, or are JDBC-shaped (see
 * {@link #choose}). For an already-loaded class, {@link #isLoadedCandidate} asks the class itself.
 */
final class JdbcMatcher {

    private static final Set<String> EXECUTE = Set.of(
            "execute", "executeQuery", "executeUpdate", "executeLargeUpdate", "executeBatch", "executeLargeBatch");
    private static final Set<String> STATEMENT_METHODS = union(EXECUTE, Set.of("addBatch", "clearBatch"));
    private static final Set<String> CONNECTION_METHODS =
            Set.of("createStatement", "prepareStatement", "prepareCall", "commit", "rollback", "setAutoCommit");
    /** The result-set calls a dead process may not make: reading on, or writing rows. */
    private static final Set<String> RESULT_SET_METHODS = Set.of("next", "updateRow", "insertRow", "deleteRow");
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

    private JdbcMatcher() {}

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

    /** Whether the class file's constant pool names a JDBC method (true where it cannot tell). */
    static boolean mentionsJdbcMethod(byte[] classFile) {
        return ClassShape.mentionsAny(classFile, JDBC_METHOD_NAMES);
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
    static void choose(ClassShape shape, SuperTypes supers, MethodWeavings weavings) {
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
        if (statementCalls
                && (declaresJdbcMethod(shape, STATEMENT_METHODS, "") || supers.isA(STATEMENT, Statement.class))) {
            for (ClassShape.Method method : shape.methods()) {
                if (isExecute(method)) {
                    weavings.of(method).jdbc = WovenMethod.Kind.EXECUTE;
                } else if (isBatch(method)) {
                    weavings.of(method).jdbc = WovenMethod.Kind.BATCH;
                }
            }
        }
        if (declaresJdbcMethod(shape, CONNECTION_METHODS, "") || supers.isA(CONNECTION, Connection.class)) {
            for (ClassShape.Method method : shape.methods()) {
                WovenMethod.Kind kind = connectionKind(method);
                if (kind != null) {
                    weavings.of(method).jdbc = kind;
                }
            }
        }
        boolean resultSet = supers.isA(RESULT_SET, ResultSet.class);
        // Like statement calls, a driver's base class may be prepared-statement-shaped without implementing
        // the interface (sqlite-jdbc's JDBC3PreparedStatement): a public executeUpdate() that throws SQLException.
        boolean prepared =
                supers.isA(PREPARED_STATEMENT, PreparedStatement.class) || declaresJdbcMethod(shape, EXECUTE, "()");
        for (ClassShape.Method method : shape.methods()) {
            if (resultSet
                    && RESULT_SET_METHODS.contains(method.name())
                    && method.isPublicInstanceWithCode()
                    && method.descriptor().startsWith("()")) {
                guard(weavings, method, "ResultSet." + method.name() + "()");
            } else if (prepared && isParameterSetter(method)) {
                guard(weavings, method, "PreparedStatement." + method.name() + "(...)");
            }
        }
        boolean driver = connect && supers.isA(DRIVER, Driver.class);
        boolean dataSource = getConnection && supers.isA(DATA_SOURCE, DataSource.class);
        for (ClassShape.Method method : shape.methods()) {
            if (driver && isConnect(method) || dataSource && isGetConnection(method)) {
                weavings.of(method).jdbc = WovenMethod.Kind.NESTED;
            }
        }
    }

    /** A guarded call: entry only, checked after a crash; {@code operation} names it in messages. */
    private static void guard(MethodWeavings weavings, ClassShape.Method method, String operation) {
        MethodWeavings.Weaving weaving = weavings.of(method);
        if (weaving.jdbc == null) {
            weaving.jdbc = WovenMethod.Kind.GUARDED;
            weaving.guarded = operation;
        }
    }

    /** Whether the class declares a public instance method of one of these names that throws SQLException. */
    private static boolean declaresJdbcMethod(ClassShape shape, Set<String> names, String descriptorStart) {
        for (ClassShape.Method method : shape.methods()) {
            if (names.contains(method.name())
                    && method.descriptor().startsWith(descriptorStart)
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

    /**
     * Whether a loaded class (modifiable, neither the JDK's nor a test tool's) may get JDBC calls woven: a JDBC
     * type or declaring a JDBC-shaped method. The weaver decides again from the class file.
     */
    static boolean isLoadedCandidate(Class<?> type) {
        if (Statement.class.isAssignableFrom(type)
                || Connection.class.isAssignableFrom(type)
                || ResultSet.class.isAssignableFrom(type)
                || Driver.class.isAssignableFrom(type)
                || DataSource.class.isAssignableFrom(type)) {
            return true;
        }
        Method[] methods;
        try {
            methods = type.getDeclaredMethods();
        } catch (LinkageError unresolvable) {
            return true; // let the weaver read the class file
        }
        for (Method method : methods) {
            if ((STATEMENT_METHODS.contains(method.getName()) || CONNECTION_METHODS.contains(method.getName()))
                    && Modifier.isPublic(method.getModifiers())
                    && !Modifier.isStatic(method.getModifiers())
                    && Arrays.asList(method.getExceptionTypes()).contains(SQLException.class)) {
                return true;
            }
        }
        return false;
    }
}
