package dev.deliverykit.internal.instrument;

/**
 * The run that receives the woven code's events while {@link Dispatcher#active}, and whether its process died.
 * After a crash it also tells a thread of the dead process from everyone else's (recovery, the invariants,
 * other code), whose calls go on untouched.
 */
final class RunSink {

    private static volatile BoundarySink sink;
    /** Whether the run's process died: only then are result-set calls checked. */
    private static volatile boolean dead;

    private RunSink() {}

    /** Delivers to {@code runSink}; {@code deadProcess} for the run of a dead process that outlived its run. */
    static void set(BoundarySink runSink, boolean deadProcess) {
        dead = deadProcess;
        sink = runSink;
    }

    /** Delivers to no run. */
    static void clear() {
        sink = null;
        dead = false;
    }

    /** The run that receives the events, or {@code null}. */
    static BoundarySink current() {
        return sink;
    }

    /** Whether the run's process died. */
    static boolean processDead() {
        return dead;
    }

    /** The run's process died: from now on result-set calls are checked too. */
    static void processDied() {
        dead = true;
    }

    /**
     * After a crash, whether the calling thread is outside the dead process (recovery, the invariants, other
     * code): its calls go on untouched, without building events the dead run would drop anyway. An instance of a
     * schedule that lives on after another instance died is inside: its points are still held and its calls seen.
     */
    static boolean outsideTheDeadProcess(BoundarySink current) {
        if (!dead) {
            return false;
        }
        ProcessContext context = Processes.current();
        return context == null
                || (!current.runs(context.process()) && !context.process().isDead());
    }
}
