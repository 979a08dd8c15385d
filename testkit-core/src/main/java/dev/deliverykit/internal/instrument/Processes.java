package dev.deliverykit.internal.instrument;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.lang.StackWalker.StackFrame;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.Callable;
import org.apiguardian.api.API;

/**
 * Which threads belong to the process of a run: the thread that runs the workload, every thread started
 * by a thread of the process (an inheritable thread-local when the process also constructed it, else adopted
 * at its start), and every task that a thread of the process hands to a JDK executor
 * ({@code ThreadPoolExecutor}, {@code ScheduledThreadPoolExecutor}, {@code ForkJoinPool}, and so
 * {@code CompletableFuture}'s async methods), while that task runs.
 */
@API(status = INTERNAL, since = "0.1")
public final class Processes {

    private static final InheritableThreadLocal<ProcessContext> CONTEXT = new InheritableThreadLocal<>() {
        @Override
        protected ProcessContext childValue(ProcessContext parent) {
            return parent == null ? null : new ProcessContext(parent.process(), false);
        }
    };

    /**
     * Threads a process started that it did not construct (their inheritable context is another's or none): each
     * takes its process's context on its first look at {@link #current}. Weak keys: a thread that never looks
     * is forgotten with it.
     */
    private static final Map<Thread, ProcessContext> ADOPTED = Collections.synchronizedMap(new WeakHashMap<>());

    /** Whether {@link #ADOPTED} may hold a thread: read on every look, so that the map costs nothing without one. */
    private static volatile boolean anyAdopted;

    /** How many processes outside any run (a recovery) are followed: their threads and tasks are tracked too. */
    private static int followed;

    /** Whether threads and tasks are tracked: a run is active, or a process outside any run is followed. */
    private static volatile boolean tracking;

    private Processes() {}

    /** The calling thread's flow, or {@code null} if it belongs to no run. */
    public static ProcessContext current() {
        ProcessContext context = CONTEXT.get();
        if (anyAdopted && context == null) {
            context = ADOPTED.remove(Thread.currentThread());
            if (context != null) {
                CONTEXT.set(context);
            }
        }
        return context;
    }

    /** Whether the calling thread belongs to {@code process}. */
    public static boolean isMember(BoundarySink process) {
        ProcessContext context = current();
        return context != null && context.process() == process;
    }

    /**
     * Tracks the threads and tasks of processes outside any run as well (a recovery's, followed until it has
     * stopped), until as many {@link #stopFollowing} calls.
     */
    public static synchronized void startFollowing() {
        followed++;
        BootstrapBridge.hook(Processes::wrap);
        BootstrapBridge.threadHook(Processes::starting);
        tracking = true;
    }

    /** Ends one {@link #startFollowing}; the hooks stay while a run is active. */
    public static synchronized void stopFollowing() {
        followed--;
        if (followed == 0 && !Dispatcher.switchedOn()) {
            tracking = false;
            BootstrapBridge.hook(null);
            BootstrapBridge.threadHook(null);
        }
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
    static synchronized void wrapTasks() {
        BootstrapBridge.hook(Processes::wrap);
        BootstrapBridge.threadHook(Processes::starting);
        tracking = true;
    }

    /** Stops wrapping, unless a process outside any run is followed; tasks wrapped earlier still run as part of their process. */
    static synchronized void stopWrappingTasks() {
        if (followed > 0) {
            return;
        }
        tracking = false;
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
        if (anyAdopted) {
            ADOPTED.remove(Thread.currentThread());
        }
    }

    /**
     * A thread is about to start: if a thread of a process starts it, it belongs to the process from its start, also
     * when it was constructed outside (before the run, or by code that keeps threads ready), and the process knows
     * it.
     */
    private static void starting(Thread thread) {
        ProcessContext context = current();
        if (context != null && tracking) {
            ADOPTED.put(thread, new ProcessContext(context.process(), false));
            anyAdopted = true;
            context.process().threadStarted(thread);
        }
    }

    private static Object wrap(Object task, Boolean scheduled) {
        if (task instanceof ProcessTask) {
            return task; // wrapped once already (ScheduledThreadPoolExecutor.execute calls schedule)
        }
        ProcessContext context = current();
        if (context == null || !tracking || !context.process().adoptsTask()) {
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
