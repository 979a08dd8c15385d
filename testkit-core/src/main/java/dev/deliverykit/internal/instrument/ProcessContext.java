package dev.deliverykit.internal.instrument;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.lang.StackWalker.StackFrame;
import java.util.List;
import org.apiguardian.api.API;

/**
 * What one thread is doing for a process: the run it belongs to, and whether this flow of work is a thread's own
 * code or one task an executor runs for the process.
 *
 * <p>Held in an inheritable thread-local ({@link Processes}): a thread started by a thread of the process
 * belongs to it, with a flow of its own.
 */
@API(status = INTERNAL, since = "0.1")
public final class ProcessContext {

    private final BoundarySink process;
    private final boolean task;
    private final List<StackFrame> handedBy;
    /** Copied from the thread that constructed this one: the process that starts it may be another. */
    private final boolean inherited;

    ProcessContext(BoundarySink process, boolean task) {
        this(process, task, List.of(), false);
    }

    ProcessContext(BoundarySink process, boolean task, List<StackFrame> handedBy) {
        this(process, task, handedBy, false);
    }

    private ProcessContext(BoundarySink process, boolean task, List<StackFrame> handedBy, boolean inherited) {
        this.process = process;
        this.task = task;
        this.handedBy = handedBy;
        this.inherited = inherited;
    }

    /** A new thread's flow, copied from the thread that constructed it. */
    static ProcessContext inherited(BoundarySink process) {
        return new ProcessContext(process, false, List.of(), true);
    }

    /** Whether this flow was copied at the thread's construction and the thread has not looked at it yet. */
    boolean isInherited() {
        return inherited;
    }

    /** The run this flow belongs to. */
    public BoundarySink process() {
        return process;
    }

    /** Whether this flow is a task an executor runs for the process (else a thread's own code). */
    public boolean isTask() {
        return task;
    }

    /**
     * For a task, what its process kept of the frames of the thread that handed it to the executor when it did
     * ({@link BoundarySink#handingFrames}), innermost first; empty for a thread's own code. A task that framework
     * code hands over (Spring's asynchronous listener invocation) is named by the user's code that led to it.
     */
    public List<StackFrame> handedBy() {
        return handedBy;
    }
}
