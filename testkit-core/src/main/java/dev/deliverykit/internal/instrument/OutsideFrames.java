package dev.deliverykit.internal.instrument;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.internal.instrument.KnownLibrary.Role;
import java.util.Iterator;
import org.apiguardian.api.API;

/**
 * Whether a call that leaves the JVM is the work of the infrastructure around the code under test rather than of
 * that code: a database engine or driver (an embedded database's files, a driver's socket outside a JDBC call), a
 * connection pool, a logging library, the test runner, or the kit itself. Those are not the process's outside
 * effects: counting them would make a log line or a database's background flush a change of the world.
 */
@API(status = INTERNAL, since = "0.1")
public final class OutsideFrames {

    /** Databases, drivers, pools, loggers and test runners: their calls are never the process's outside effects. */
    private static final KnownLibrary.Names INFRASTRUCTURE = KnownLibrary.ofRoles(
            Role.DRIVER, Role.DATABASE_LAUNCHER, Role.POOL, Role.LOGGING_FACADE, Role.LOGGER, Role.TEST_RUNNER);

    private static final KnownLibrary.Names TEST_RUNNERS = KnownLibrary.ofRoles(Role.TEST_RUNNER);
    private static final KnownLibrary.Names JDK = KnownLibrary.ofRoles(Role.JDK);
    /** Clients with boundaries of their own ({@code BrokerBoundaries}). */
    private static final KnownLibrary.Names BROKER_CLIENTS = KnownLibrary.ofRoles(Role.BROKER_CLIENT);

    /**
     * Netty's loader of its native transports (also where a library shades Netty under a package of its own), which
     * copies the library out of its jar to a temporary file, loads it and deletes it: once per JVM, at the first
     * connection that wants the transport. As a change it would make a sweep's cases depend on whether the JVM had
     * connected before (a test's JVM has, a fresh child JVM has not).
     */
    private static final String NETTY_NATIVE_LIBRARY_LOADER = "io.netty.util.internal.NativeLibraryLoader";

    private static final StackWalker WALKER = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

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
                if (dispatch && KitClasses.isEngine(type)) {
                    continue;
                }
                dispatch = false;
                String name = type.getName();
                // Before the JDK: its logging is infrastructure.
                if (INFRASTRUCTURE.covers(name) || KitClasses.isEngine(type)) {
                    return Caller.INFRASTRUCTURE;
                }
                if (!JDK.covers(name)) {
                    if (loadsNettysNativeCode(name, walked)) {
                        return Caller.INFRASTRUCTURE;
                    }
                    return BROKER_CLIENTS.covers(name) ? Caller.BROKER_CLIENT : Caller.CODE;
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
        if (!caller.contains("io.netty.")) {
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
            if (!name.contains("io.netty.") && !JDK.covers(name)) {
                return false; // the loader's helpers are Netty's, called by the loader
            }
        }
        return false;
    }

    /** Whether a class is a test runner's: surefire, the JUnit Platform, Gradle, IntelliJ. */
    static boolean isTestRunner(String name) {
        return TEST_RUNNERS.covers(name);
    }
}
