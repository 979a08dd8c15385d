package dev.deliverykit.internal.instrument;

/**
 * Per thread, how deep it is inside woven JDBC calls: a connection pool's statement wraps the driver's
 * statement, and a driver may call its own public methods; both are woven, and only the outermost call is an
 * event. The engine's own clean-up calls run {@linkplain #unobserved nested} too.
 */
final class CallDepth {

    private static final ThreadLocal<CallDepth> DEPTH = ThreadLocal.withInitial(CallDepth::new);

    private int depth;

    /** The last outside call entered on the thread whose exit has not come yet, and whose call it is. */
    private Object outsideTarget;

    private int outsideKind = -1;
    private OutsideFrames.Caller outsideCaller;

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

    /**
     * Whose call a call that leaves the JVM is ({@link OutsideFrames#caller()}), walking the stack at most once per
     * call: the exit of a call reuses what its entry found, as the frames below the JDK's method are the same.
     */
    OutsideFrames.Caller callerOf(Object target, int code) {
        int kind = code / 2;
        boolean exit = (code & 1) != 0;
        if (exit && outsideCaller != null && outsideKind == kind && outsideTarget == target) {
            OutsideFrames.Caller known = outsideCaller;
            forgetOutsideCall();
            return known;
        }
        OutsideFrames.Caller caller = OutsideFrames.caller();
        if (exit) {
            forgetOutsideCall();
        } else {
            outsideTarget = target;
            outsideKind = kind;
            outsideCaller = caller;
        }
        return caller;
    }

    private void forgetOutsideCall() {
        outsideTarget = null;
        outsideKind = -1;
        outsideCaller = null;
    }
}
