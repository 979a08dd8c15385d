package dev.deliverykit.internal.instrument;

/**
 * Per thread, how deep it is inside woven JDBC calls: a connection pool's statement wraps the driver's
 * statement, and a driver may call its own public methods; both are woven, and only the outermost call is an
 * event. The engine's own clean-up calls run {@linkplain #unobserved nested} too.
 */
final class CallDepth {

    private static final ThreadLocal<CallDepth> DEPTH = ThreadLocal.withInitial(CallDepth::new);

    private int depth;

    private CallDepth() {}

    /** The calling thread's depth. */
    static CallDepth current() {
        return DEPTH.get();
    }

    /** Runs {@code work} (the engine's own JDBC calls) without producing events or dead-process checks. */
    static void unobserved(Runnable work) {
        CallDepth current = current();
        current.depth++;
        try {
            work.run();
        } finally {
            current.depth--;
        }
    }

    /** One call deeper; returns the depth before it (0: the outermost call). */
    int enter() {
        return depth++;
    }

    /** One call out; returns the depth after it (0: the outermost call ended). */
    int exit() {
        return --depth;
    }

    /** Whether the thread is inside a woven call (or unobserved work). */
    boolean inside() {
        return depth > 0;
    }
}
