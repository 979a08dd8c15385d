package dev.deliverykit.internal.instrument;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.lang.StackWalker.StackFrame;
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
            return parent == null ? null : ProcessContext.inherited(parent.process());
        }
    };

    /**
     * Threads a process started, until their first look at {@link #current}: one it did not construct (its
     * inheritable context is another's or none) takes its process's context then. Weak keys: a thread that never
     * looks is forgotten with it. Guarded by itself.
     */
    private static final Map<Thread, ProcessContext> ADOPTED = new WeakHashMap<>();

    /**
     * How many threads {@link #ADOPTED} holds (changed under its lock): read on every look, so that the map costs
     * nothing while no started thread is still to look.
     */
    private static volatile int pendingAdoptions;

    /** How many processes outside any run (a recovery) are followed: their threads and tasks are tracked too. */
    private static int followed;

    /** Whether threads and tasks are tracked: a run is active, or a process outside any run is followed. */
    private static volatile boolean tracking;

    private Processes() {}

    /** The calling thread's flow, or {@code null} if it belongs to no run. */
    public static ProcessContext current() {
        ProcessContext context = CONTEXT.get();
        if (pendingAdoptions > 0 && (context == null || context.isInherited())) {
            context = firstLook(context);
        }
        return context;
    }

    /**
     * A thread's first look while adoptions are pending: the process that started it, if one did, else what it
     * inherited; either way it is no longer pending, and what it inherited is its own from now on.
     */
    private static ProcessContext firstLook(ProcessContext inherited) {
        ProcessContext adopted = takeAdoption(Thread.currentThread());
        ProcessContext context =
                adopted != null ? adopted : inherited == null ? null : new ProcessContext(inherited.process(), false);
        if (context != null) {
            CONTEXT.set(context);
        }
        return context;
    }

    private static ProcessContext takeAdoption(Thread thread) {
        synchronized (ADOPTED) {
            ProcessContext adopted = ADOPTED.remove(thread);
            if (adopted != null) {
                pendingAdoptions--;
            }
            return adopted;
        }
    }

    /**
     * Forgets the adoptions of threads that ended without looking, whenever a run or a followed process starts or
     * ends: once no started thread is still to look, looks cost nothing again.
     */
    private static void forgetEndedAdoptions() {
        synchronized (ADOPTED) {
            ADOPTED.keySet().removeIf(thread -> thread.getState() == Thread.State.TERMINATED);
            pendingAdoptions = ADOPTED.size();
        }
    }

    /** How many started threads are still to look at {@link #current} (for tests). */
    static int pendingAdoptions() {
        return pendingAdoptions;
    }

    /** Whether {@code thread} is still to look at {@link #current} (for tests). */
    static boolean isAdoptionPending(Thread thread) {
        synchronized (ADOPTED) {
            return ADOPTED.containsKey(thread);
        }
    }

    /** Whether threads and tasks are tracked: a run is active, or a process outside any run is followed. */
    static boolean tracking() {
        return tracking;
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
        forgetEndedAdoptions();
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
        forgetEndedAdoptions();
        BootstrapBridge.hook(Processes::wrap);
        BootstrapBridge.threadHook(Processes::starting);
        tracking = true;
    }

    /** Stops wrapping, unless a process outside any run is followed; tasks wrapped earlier still run as part of their process. */
    static synchronized void stopWrappingTasks() {
        forgetEndedAdoptions();
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
        if (pendingAdoptions > 0) {
            takeAdoption(Thread.currentThread());
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
            synchronized (ADOPTED) {
                if (ADOPTED.put(thread, new ProcessContext(context.process(), false)) == null) {
                    pendingAdoptions++;
                }
            }
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
