package dev.deliverykit.internal.bootstrap;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.LongFunction;
import java.util.function.ObjIntConsumer;
import org.apiguardian.api.API;

/**
 * The one kit class that JDK executors call: woven into {@code ThreadPoolExecutor},
 * {@code ScheduledThreadPoolExecutor} and {@code ForkJoinPool}, it lets the engine wrap a task handed to an
 * executor so that the task runs as part of the process that handed it over. It is a template: the engine
 * defines a copy renamed {@code java.util.concurrent.DeliveryKitTaskBridge} in {@code java.base} (JDK
 * classes cannot see the application class loader), so it may use JDK types only; the engine sets the
 * copy's {@link #hook} by reflection. The same way it lets the engine give an instance the kit's clock: the system
 * clock of {@code java.time} and the code under test's calls of {@code System.currentTimeMillis()},
 * {@code System.nanoTime()}, {@code Thread.sleep} and {@code TimeUnit.sleep} come here ({@link #clockHook}).
 *
 * <p>While no run is active the hooks are {@code null} (the outside hook: the engine's cheap idle one) and each call
 * is one volatile read.
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
     * {@code (target, code)}, the code naming the kind and before or after; while no run is active, the engine's idle
     * hook, which only notes the local servers JDBC connections reach.
     */
    public static volatile ObjIntConsumer<Object> outsideHook;

    /**
     * The calling thread's clock when its reads of the time are woven, else {@code null}; its argument is a sleep's
     * nanoseconds (0 for a read), which moves that clock to the sleeper's wake-up time first. {@code null} while no
     * run weaves the time.
     */
    public static volatile LongFunction<Clock> clockHook;

    /**
     * A sleep at least this long waits for an interrupt, not for a time ({@code Thread.sleep(Long.MAX_VALUE)}): it
     * sleeps for real, so that the kit finds its instance waiting instead of moving the clock by centuries.
     */
    private static final long FOREVER = Long.MAX_VALUE / 2;

    /** Replaces {@code System.currentTimeMillis()} in the code under test. */
    public static long currentTimeMillis() {
        Clock clock = wovenClock();
        return clock == null ? System.currentTimeMillis() : clock.millis();
    }

    /** Replaces {@code System.nanoTime()} in the code under test: on woven time, the clock's nanoseconds since 1970. */
    public static long nanoTime() {
        Clock clock = wovenClock();
        if (clock == null) {
            return System.nanoTime();
        }
        Instant now = clock.instant();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }

    /** Woven before each return of {@code Clock.SystemClock.millis()}: the time it read, or the woven clock's. */
    public static long millis(long read) {
        Clock clock = wovenClock();
        return clock == null ? read : clock.millis();
    }

    /** Woven before each return of the JDK's system clock's {@code instant()}: the time it read, or the woven clock's. */
    public static Instant instant(Instant read) {
        Clock clock = wovenClock();
        return clock == null ? read : clock.instant();
    }

    /** Replaces {@code Thread.sleep(long)} in the code under test. */
    public static void sleep(long millis) throws InterruptedException {
        if (millis < 0 || !sleptOnWovenTime(TimeUnit.MILLISECONDS.toNanos(millis))) {
            Thread.sleep(millis);
        }
    }

    /** Replaces {@code Thread.sleep(long, int)} in the code under test. */
    public static void sleep(long millis, int nanos) throws InterruptedException {
        if (millis < 0
                || nanos < 0
                || nanos > 999_999
                || !sleptOnWovenTime(TimeUnit.MILLISECONDS.toNanos(millis) + nanos)) {
            Thread.sleep(millis, nanos);
        }
    }

    /** Replaces {@code Thread.sleep(Duration)} in the code under test; a negative one returns at once, as the JDK's. */
    public static void sleep(Duration duration) throws InterruptedException {
        if (duration.isNegative()) {
            return;
        }
        long nanos = saturatedNanos(duration);
        if (!sleptOnWovenTime(nanos)) {
            Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
        }
    }

    /** Replaces {@code unit.sleep(timeout)} in the code under test. */
    public static void sleep(TimeUnit unit, long timeout) throws InterruptedException {
        if (timeout <= 0 || !sleptOnWovenTime(unit.toNanos(timeout))) {
            unit.sleep(timeout);
        }
    }

    /** Whether the calling thread's time is woven: then its clock moved past the sleep, which took no real time. */
    private static boolean sleptOnWovenTime(long nanos) throws InterruptedException {
        LongFunction<Clock> current = clockHook;
        if (nanos >= FOREVER || current == null || current.apply(0L) == null) {
            return false;
        }
        if (Thread.interrupted()) {
            throw new InterruptedException("sleep interrupted");
        }
        current.apply(nanos);
        return true;
    }

    private static long saturatedNanos(Duration duration) {
        try {
            return duration.toNanos();
        } catch (ArithmeticException tooLong) {
            return Long.MAX_VALUE;
        }
    }

    private static Clock wovenClock() {
        LongFunction<Clock> current = clockHook;
        return current == null ? null : current.apply(0L);
    }

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
