package dev.deliverykit.internal.instrument;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * Whether the calling thread is inside a connection pool's own code (opening, validating, initialising or
 * evicting connections), by the packages of the pools users run ({@link KnownLibrary.Role#POOL}). A pool's proxies (its connection and
 * statement wrappers) are the user's calls, not the pool's work, and do not count.
 */
@API(status = INTERNAL, since = "0.1")
public final class PoolFrames {

    private static final KnownLibrary.Names POOLS = KnownLibrary.ofRoles(KnownLibrary.Role.POOL);
    private static final StackWalker WALKER = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

    private PoolFrames() {}

    /**
     * Whether a frame of a pool's own code is on the calling thread's stack, between the kit's dispatch on top and the
     * first frame of the kit (which runs the workload or a task of it) or of a test runner below it. A pool calls
     * neither, so its frames are above them; the runner's frames under a run are many and asked about at every
     * connection a run opens.
     */
    public static boolean onStack() {
        return WALKER.walk(frames -> frames.dropWhile(frame -> KitClasses.isEngine(frame.getDeclaringClass()))
                .takeWhile(frame -> !KitClasses.isEngine(frame.getDeclaringClass())
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
        return POOLS.covers(className);
    }

    private static boolean isPoolCode(String className) {
        return !className.contains("Proxy") && POOLS.covers(className);
    }
}
