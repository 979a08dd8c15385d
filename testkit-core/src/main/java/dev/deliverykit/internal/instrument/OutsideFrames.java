package dev.deliverykit.internal.instrument;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.security.CodeSource;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Whether a call that leaves the JVM is the work of the infrastructure around the code under test rather than of
 * that code: a database engine or driver (an embedded database's files, a driver's socket outside a JDBC call), a
 * connection pool, a logging library, the test runner, a library loading its native code into the JVM, or the kit
 * itself. Those are not the process's outside effects: counting them would make a log line or a database's background
 * flush a change of the world.
 */
@API(status = INTERNAL, since = "0.1")
public final class OutsideFrames {

    private static final List<String> INFRASTRUCTURE = List.of(
            // databases and drivers (pools: PoolFrames)
            "org.sqlite.",
            "org.postgresql.",
            "org.h2.",
            "org.hsqldb.",
            "org.apache.derby.",
            "com.mysql.",
            "org.mariadb.",
            "oracle.jdbc.",
            "com.microsoft.sqlserver.",
            "io.zonky.test.",
            // logging
            "ch.qos.logback.",
            "org.apache.logging.log4j.",
            "org.apache.log4j.",
            "org.slf4j.",
            "org.jboss.logging.",
            "org.tinylog.");
    private static final List<String> TEST_RUNNERS =
            List.of("org.apache.maven.surefire.", "org.junit.platform.", "org.gradle.", "com.intellij.rt.");
    private static final StackWalker WALKER = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);
    private static final String BRIDGE = ExecutorWeaver.BRIDGE.replace('/', '.');
    private static final CodeSource KIT =
            OutsideFrames.class.getProtectionDomain().getCodeSource();

    private OutsideFrames() {}

    /** Whose call it is, by the code that called into the JDK for it. */
    public enum Caller {
        /** A database, driver, pool, logger, test runner or the kit: not the process's outside effect. */
        INFRASTRUCTURE,
        /**
         * A broker client's own traffic (Kafka's fetches and heartbeats, a JMS or RabbitMQ client's frames): the
         * process's, so refused after its death, but made on the client's own schedule for calls of the workload
         * that are boundaries of their own (a send, an acknowledgement, an offset commit).
         */
        BROKER_CLIENT,
        /** The code under test. */
        CODE
    }

    /** Netty's packages, also where a library shades Netty under a package of its own. */
    private static final String NETTY = "io.netty.";

    /**
     * Netty's loader of its native transports, which copies the library out of its jar to a temporary file, loads it
     * and deletes it: once per JVM, at the first connection that wants the transport. As a change it would make a
     * sweep's cases depend on whether the JVM had connected before (a test's JVM has, a fresh child JVM has not).
     */
    private static final String NETTY_NATIVE_LIBRARY_LOADER = NETTY + "util.internal.NativeLibraryLoader";

    /** Clients with boundaries of their own ({@code BrokerBoundaries}); Netty is not one, it carries any protocol. */
    private static final List<String> BROKER_CLIENTS =
            List.of("org.apache.kafka.", "org.apache.activemq.", "com.rabbitmq.");

    /**
     * Whose call this is, by the code that called into the JDK for it (the innermost frame that is not the JDK's).
     * Only the caller counts: every test thread has a test runner's frames at its bottom, and a logger or a database
     * calls its files' writes itself.
     */
    public static Caller caller() {
        return WALKER.walk(frames -> {
            Iterator<StackWalker.StackFrame> walked = frames.iterator();
            boolean dispatch = true;
            while (walked.hasNext()) {
                StackWalker.StackFrame frame = walked.next();
                Class<?> type = frame.getDeclaringClass();
                // The innermost frames are the kit's own dispatch and the bridge woven into the JDK: skipped.
                if (dispatch && isDispatch(type)) {
                    continue;
                }
                dispatch = false;
                String name = type.getName();
                if (name.startsWith("java.util.logging.")) {
                    return Caller.INFRASTRUCTURE;
                }
                if (!isJdk(name)) {
                    if (isInfrastructure(type) || loadsNettysNativeCode(name, walked)) {
                        return Caller.INFRASTRUCTURE;
                    }
                    return startsWithAny(name, BROKER_CLIENTS) ? Caller.BROKER_CLIENT : Caller.CODE;
                }
            }
            return Caller.INFRASTRUCTURE;
        });
    }

    /**
     * Whether a call of Netty's, {@code caller}, is its native library loader at work: the loader itself (the copy's
     * writes, its deletion) or a helper it called (the temporary file's creation), which {@code outer}, the frames
     * that called {@code caller}, show. Only Netty's own calls walk on, so other callers cost no longer walk.
     */
    private static boolean loadsNettysNativeCode(String caller, Iterator<StackWalker.StackFrame> outer) {
        if (!caller.contains(NETTY)) {
            return false;
        }
        if (caller.endsWith(NETTY_NATIVE_LIBRARY_LOADER)) {
            return true;
        }
        while (outer.hasNext()) {
            String name = outer.next().getClassName();
            if (name.endsWith(NETTY_NATIVE_LIBRARY_LOADER)) {
                return true;
            }
            if (!name.contains(NETTY) && !isJdk(name)) {
                return false; // the loader's helpers are Netty's, called by the loader
            }
        }
        return false;
    }

    private static boolean startsWithAny(String name, List<String> prefixes) {
        for (String prefix : prefixes) {
            if (name.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isJdk(String name) {
        return name.startsWith("java.")
                || name.startsWith("javax.")
                || name.startsWith("jdk.")
                || name.startsWith("sun.")
                || name.startsWith("com.sun.");
    }

    /** Whether a frame is the kit's dispatch: the kit's own code, or the bridge woven into the JDK that calls it. */
    static boolean isDispatch(Class<?> type) {
        return type.getName().equals(BRIDGE) || isKit(type);
    }

    private static boolean isInfrastructure(Class<?> type) {
        String name = type.getName();
        return startsWithAny(name, INFRASTRUCTURE) || isTestRunner(name) || PoolFrames.isPoolClass(name) || isKit(type);
    }

    /** Whether a class is a test runner's: surefire, the JUnit Platform, Gradle, IntelliJ. */
    static boolean isTestRunner(String name) {
        return startsWithAny(name, TEST_RUNNERS);
    }

    /** The kit's own classes, by code source: a test fixture in a kit package is code under test. */
    static boolean isKit(Class<?> type) {
        return type.getName().startsWith("dev.deliverykit.")
                && Objects.equals(type.getProtectionDomain().getCodeSource(), KIT);
    }
}
