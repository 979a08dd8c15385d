package dev.deliverykit.internal.instrument;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.lang.StackWalker.StackFrame;
import java.util.List;
import java.util.concurrent.Callable;
import org.apiguardian.api.API;

/**
 * Which threads belong to the process of a run: the thread that runs the workload, every thread started
 * by a thread of the process (an inheritable thread-local), and every task that a thread of the process
 * hands to a JDK executor ({@code ThreadPoolExecutor}, {@code ScheduledThreadPoolExecutor},
 * {@code ForkJoinPool}, and so {@code CompletableFuture}'s async methods), while that task runs.
 */
@API(status = INTERNAL, since = "0.1")
public final class Processes {

    private static final InheritableThreadLocal<ProcessContext> CONTEXT = new InheritableThreadLocal<>() {
        @Override
        protected ProcessContext childValue(ProcessContext parent) {
            return parent == null ? null : new ProcessContext(parent.process(), false);
        }
    };

    private Processes() {}

    /** The calling thread's flow, or {@code null} if it belongs to no run. */
    public static ProcessContext current() {
        return CONTEXT.get();
    }

    /** Whether the calling thread belongs to {@code process}. */
    public static boolean isMember(BoundarySink process) {
        ProcessContext context = CONTEXT.get();
        return context != null && context.process() == process;
    }

    /** Makes the calling thread the process's main thread; returns what to restore with {@link #leave}. */
    public static ProcessContext enter(BoundarySink process) {
        ProcessContext previous = CONTEXT.get();
        CONTEXT.set(new ProcessContext(process, false));
        return previous;
    }

    /** Restores the calling thread's flow from before {@link #enter}. */
    public static void leave(ProcessContext previous) {
        if (previous == null) {
            CONTEXT.remove();
        } else {
            CONTEXT.set(previous);
        }
    }

    /** Makes the calling thread run a task of {@code process}; returns what to restore with {@link #leave}. */
    static ProcessContext enterTask(BoundarySink process, List<StackFrame> handedBy) {
        ProcessContext previous = CONTEXT.get();
        CONTEXT.set(new ProcessContext(process, true, handedBy));
        return previous;
    }

    /** Starts wrapping the tasks that threads of a run hand to executors (see {@link BootstrapBridge}). */
    static void wrapTasks() {
        BootstrapBridge.hook(Processes::wrap);
        BootstrapBridge.threadHook(Processes::starting);
    }

    /** Stops wrapping; tasks wrapped earlier still run as part of their process. */
    static void stopWrappingTasks() {
        BootstrapBridge.hook(null);
        BootstrapBridge.threadHook(null);
    }

    /**
     * An executor's worker thread starts working: it belongs to no process of its own, even if a thread of
     * a process created it (a pool grows on the submitting thread). Each task it runs for a process brings
     * that process with it ({@link ProcessTask}); any other task is nobody's, also after that process died.
     */
    static void workerStarting() {
        CONTEXT.remove();
    }

    /** A thread is about to start: if a thread of a process starts it, the process knows it. */
    private static void starting(Thread thread) {
        ProcessContext context = CONTEXT.get();
        if (context != null && Dispatcher.switchedOn()) {
            context.process().threadStarted(thread);
        }
    }

    private static Object wrap(Object task, Boolean scheduled) {
        if (task instanceof ProcessTask) {
            return task; // wrapped once already (ScheduledThreadPoolExecutor.execute calls schedule)
        }
        ProcessContext context = CONTEXT.get();
        if (context == null || !Dispatcher.switchedOn() || !context.process().adoptsTask()) {
            return task;
        }
        boolean pending = !scheduled;
        if (task instanceof Runnable runnable) {
            return new ProcessTask.OfRunnable(context.process(), pending, runnable);
        }
        if (task instanceof Callable<?> callable) {
            return new ProcessTask.OfCallable<>(context.process(), pending, callable);
        }
        return task;
    }
}
