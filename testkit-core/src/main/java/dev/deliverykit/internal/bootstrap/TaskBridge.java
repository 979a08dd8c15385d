package dev.deliverykit.internal.bootstrap;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.concurrent.Callable;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.ObjIntConsumer;
import org.apiguardian.api.API;

/**
 * The one kit class that JDK executors call: woven into {@code ThreadPoolExecutor},
 * {@code ScheduledThreadPoolExecutor} and {@code ForkJoinPool}, it lets the engine wrap a task handed to an
 * executor so that the task runs as part of the process that handed it over. It is a template: the engine
 * defines a copy renamed {@code java.util.concurrent.DeliveryKitTaskBridge} in {@code java.base} (JDK
 * classes cannot see the application class loader), so it may use JDK types only; the engine sets the
 * copy's {@link #hook} by reflection.
 *
 * <p>While no run is active the hook is {@code null} and each call is one volatile read.
 */
@API(status = INTERNAL, since = "0.1")
public final class TaskBridge {

    /** Wraps a task: {@code (task, scheduled)}; {@code null} while no run is active. */
    public static volatile BiFunction<Object, Boolean, Object> hook;

    /** Told of every thread about to start; {@code null} while no run is active. */
    public static volatile Consumer<Thread> threadHook;

    private TaskBridge() {}

    /** Told when an executor's worker thread starts working; set once the executors are woven. */
    public static volatile Runnable workerHook;

    /**
     * Told of a call that reaches outside the JVM (a socket connect or write, a file write, an HTTP request):
     * {@code (target, code)}, the code naming the kind and before or after; {@code null} while no run is active.
     */
    public static volatile ObjIntConsumer<Object> outsideHook;

    /** Woven into the JDK's socket, file and HTTP client classes: before and after each call that leaves the JVM. */
    public static void outside(Object target, int code) {
        ObjIntConsumer<Object> current = outsideHook;
        if (current != null) {
            current.accept(target, code);
        }
    }

    /** Woven into {@code ThreadPoolExecutor.runWorker} and {@code ForkJoinWorkerThread.run}. */
    public static void workerStarting() {
        Runnable current = workerHook;
        if (current != null) {
            current.run();
        }
    }

    /** Woven into {@code Thread.start()}: a thread is about to start. */
    public static void threadStarting(Thread thread) {
        Consumer<Thread> current = threadHook;
        if (current != null) {
            current.accept(thread);
        }
    }

    /** A task given to {@code execute} or {@code submit}. */
    public static Runnable runnable(Runnable task) {
        return (Runnable) wrap(task, Boolean.FALSE);
    }

    /** A task given to {@code submit}. */
    @SuppressWarnings("unchecked")
    public static <V> Callable<V> callable(Callable<V> task) {
        return (Callable<V>) wrap(task, Boolean.FALSE);
    }

    /** A task given to {@code schedule*}: it may run much later, or again and again. */
    public static Runnable scheduledRunnable(Runnable task) {
        return (Runnable) wrap(task, Boolean.TRUE);
    }

    /** A callable given to {@code schedule}. */
    @SuppressWarnings("unchecked")
    public static <V> Callable<V> scheduledCallable(Callable<V> task) {
        return (Callable<V>) wrap(task, Boolean.TRUE);
    }

    /** The hook's wrapper of {@code task}, or the task itself while no run is active. */
    private static Object wrap(Object task, Boolean scheduled) {
        BiFunction<Object, Boolean, Object> current = hook;
        return current == null || task == null ? task : current.apply(task, scheduled);
    }
}
