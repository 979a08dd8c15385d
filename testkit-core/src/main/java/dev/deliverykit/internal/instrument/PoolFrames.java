package dev.deliverykit.internal.instrument;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.List;
import org.apiguardian.api.API;

/**
 * Whether the calling thread is inside a connection pool's own code (opening, validating, initialising or
 * evicting connections), by the packages of the pools users run. A pool's proxies (its connection and
 * statement wrappers) are the user's calls, not the pool's work, and do not count.
 */
@API(status = INTERNAL, since = "0.1")
public final class PoolFrames {

    private static final List<String> POOLS = List.of(
            "com.zaxxer.hikari.",
            "org.apache.commons.dbcp",
            "org.apache.tomcat.jdbc.pool.",
            "com.mchange.v2.",
            "io.agroal.",
            "org.h2.jdbcx.JdbcConnectionPool",
            "oracle.ucp.",
            "com.alibaba.druid.pool.",
            "org.vibur.dbcp.");
    private static final StackWalker WALKER = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

    private PoolFrames() {}

    /**
     * Whether a frame of a pool's own code is on the calling thread's stack, between the kit's dispatch on top and the
     * first frame of the kit (which runs the workload or a task of it) or of a test runner below it. A pool calls
     * neither, so its frames are above them; the runner's frames under a run are many and asked about at every
     * connection a run opens.
     */
    public static boolean onStack() {
        return WALKER.walk(frames -> frames.dropWhile(frame -> OutsideFrames.isDispatch(frame.getDeclaringClass()))
                .takeWhile(frame -> !OutsideFrames.isKit(frame.getDeclaringClass())
                        && !OutsideFrames.isTestRunner(frame.getClassName()))
                .anyMatch(frame -> isPoolCode(frame.getClassName())));
    }

    /**
     * Whether a connection opened on the calling thread is a pool's: a pool's own wrapper class (known by its
     * package, without walking the stack: a pool builds one at every borrow), or anything opened inside a
     * pool's own code.
     */
    public static boolean opensForAPool(Class<?> connectionType) {
        return isPoolClass(connectionType.getName()) || onStack();
    }

    /** Whether a class is a pool's, by its package: its proxies included. */
    static boolean isPoolClass(String className) {
        for (String pool : POOLS) {
            if (className.startsWith(pool)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isPoolCode(String className) {
        for (String pool : POOLS) {
            if (className.startsWith(pool) && !className.contains("Proxy")) {
                return true;
            }
        }
        return false;
    }
}
