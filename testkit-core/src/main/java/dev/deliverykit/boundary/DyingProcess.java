package dev.deliverykit.boundary;

import dev.deliverykit.internal.text.DurationText;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The threads and tasks of one run's process, for waiting until they have stopped working: threads inside
 * a JDBC call, tasks handed to executors and not started yet, tasks running (and not waiting), and threads
 * the process started (and not waiting). Thread-safe; nothing here
 * calls a driver.
 */
final class DyingProcess {

    /** How long a verdict waits for the process's threads and tasks by default (system property to change it). */
    static final Duration DEFAULT_STOP_TIMEOUT = Duration.ofSeconds(10);

    static final String STOP_TIMEOUT_PROPERTY = "deliverykit.process.stop-timeout";

    private final Thread main;
    /**
     * Whether {@link #main} is inside a JDBC call: nearly every call of a run is the main thread's, so it is a flag
     * and not an entry of {@link #inJdbc}, which costs a hash, an update and a signal at every statement.
     */
    private volatile boolean mainInJdbc;
    /** The other threads inside a JDBC call. */
    private final Set<Thread> inJdbc = ConcurrentHashMap.newKeySet();
    /**
     * The threads opening a connection ({@code Driver.connect}, {@code DataSource.getConnection}), the main one too:
     * working while the process lives, though they may wait in there (a pool's wait for a free connection, a driver's
     * retry while the database closes); after its death the connection they get is refused, so they are not waited for.
     */
    private final Set<Thread> opening = ConcurrentHashMap.newKeySet();

    private volatile boolean died;
    /**
     * How many threads wait in {@link #awaitStopped} (changed only while holding {@link #changed}): the end of the
     * main thread's call signals only if one does. A waiter counts itself before it reads {@link #mainInJdbc}, and
     * the main thread clears the flag before it reads the count; both are volatile, so one of the two sees the other.
     */
    private volatile int waiting;

    private final Set<Thread> startedThreads =
            Collections.synchronizedSet(Collections.newSetFromMap(new IdentityHashMap<>()));
    private final Object changed = new Object();
    /**
     * How long only pending tasks may stay pending, with no task handed over, started or ended meanwhile and
     * nothing else working, before they are taken as tasks their executor dropped (a discard policy, a
     * cancelled future) rather than work about to start: long enough for a loaded machine to start a task.
     */
    private static final long DROPPED_AFTER_NANOS = 1_000_000_000L;

    private int pendingTasks;
    /** The threads running tasks of the process, with how many (a task may run another inline). */
    private final Map<Thread, Integer> runningTasks = new IdentityHashMap<>();
    /** When a task was last handed over, started or ended (guarded by {@code changed}). */
    private long lastProgress = System.nanoTime();

    DyingProcess(Thread main) {
        this.main = main;
    }

    /** A thread of the process is inside a JDBC call that went through to the driver (every call: kept cheap). */
    void enteredJdbc() {
        Thread current = Thread.currentThread();
        if (current == main) {
            mainInJdbc = true;
        } else {
            inJdbc.add(current);
        }
    }

    /** A thread of the process opens a connection, outside any other JDBC call. */
    void openingConnection() {
        opening.add(Thread.currentThread());
    }

    /** The calling thread's outermost JDBC call, or its connection opening, ended. */
    void leftJdbc() {
        Thread current = Thread.currentThread();
        if (current == main) {
            if (mainInJdbc) {
                mainInJdbc = false;
                if (waiting > 0) {
                    signal();
                }
            } else if (opening.remove(current)) {
                signal();
            }
        } else if (inJdbc.remove(current) || opening.remove(current)) {
            signal();
        }
    }

    /** The process died: a thread still opening a connection gets one it may not use. */
    void processDied() {
        died = true;
    }

    /** A thread of the process starts {@code thread}. */
    void started(Thread thread) {
        if (thread != main) {
            startedThreads.add(thread);
        }
    }

    /** Whether a thread the process started is still alive (it may call JDBC later). */
    boolean hasLiveThreads() {
        synchronized (startedThreads) {
            for (Thread thread : startedThreads) {
                if (thread.isAlive()) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether a task handed to an executor has not started yet (it may call JDBC when it does). */
    boolean hasPendingTasks() {
        synchronized (changed) {
            return pendingTasks > 0;
        }
    }

    /** Whether a task handed to an executor is running (it may wait, then call JDBC when it wakes). */
    boolean hasRunningTasks() {
        synchronized (changed) {
            return !runningTasks.isEmpty();
        }
    }

    void taskHandedOver() {
        synchronized (changed) {
            pendingTasks++;
            lastProgress = System.nanoTime();
        }
    }

    void taskStarted(boolean wasPending) {
        synchronized (changed) {
            if (wasPending) {
                pendingTasks--;
            }
            runningTasks.merge(Thread.currentThread(), 1, Integer::sum);
            lastProgress = System.nanoTime();
        }
    }

    void taskEnded() {
        synchronized (changed) {
            runningTasks.computeIfPresent(Thread.currentThread(), (thread, n) -> n == 1 ? null : n - 1);
            lastProgress = System.nanoTime();
            changed.notifyAll();
        }
    }

    private void signal() {
        synchronized (changed) {
            changed.notifyAll();
        }
    }

    /**
     * Waits until no thread of the process is inside a JDBC call, no task it handed over is pending or
     * running, and each thread it started has ended or waits; returns what is still busy
     * when {@code limit} passes, or an empty list.
     */
    List<String> awaitStopped(Duration limit) {
        long deadline = System.nanoTime() + limit.toNanos();
        synchronized (changed) {
            waiting++;
            try {
                while (true) {
                    List<String> busy = busy();
                    long left = deadline - System.nanoTime();
                    if (busy.isEmpty() || left <= 0) {
                        return busy;
                    }
                    try {
                        // thread states change without a signal, hence short waits; JDBC exits and tasks signal
                        changed.wait(Math.max(1, Math.min(5, left / 1_000_000)));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return busy;
                    }
                }
            } finally {
                waiting--;
            }
        }
    }

    private List<String> busy() {
        List<String> busy = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>();
        if (mainInJdbc && main != Thread.currentThread()) {
            names.add(main.getName());
        }
        for (Thread thread : inJdbc) {
            if (thread != Thread.currentThread()) {
                names.add(thread.getName());
            }
        }
        if (!died) {
            for (Thread thread : opening) {
                if (thread != Thread.currentThread()) {
                    names.add(thread.getName());
                }
            }
        }
        if (!names.isEmpty()) {
            busy.add("inside a JDBC call on thread(s) " + String.join(", ", names));
        }
        List<String> working = new ArrayList<>();
        for (Thread thread : runningTasks.keySet()) {
            if (isWorking(thread)) {
                working.add(thread.getName());
            }
        }
        if (pendingTasks > 0
                && (!busy.isEmpty() || !working.isEmpty() || System.nanoTime() - lastProgress < DROPPED_AFTER_NANOS)) {
            busy.add(pendingTasks + " task(s) handed to an executor and not started");
        }
        if (!working.isEmpty()) {
            busy.add("task(s) running on thread(s) " + String.join(", ", working));
        }
        List<String> running = new ArrayList<>();
        synchronized (startedThreads) {
            for (Thread thread : startedThreads) {
                if (isWorking(thread)) {
                    running.add(thread.getName());
                }
            }
        }
        if (!running.isEmpty()) {
            busy.add("thread(s) it started still working: " + String.join(", ", running));
        }
        return busy;
    }

    /**
     * Whether a thread is working: running or blocked on a lock, not ended and not waiting (a pool's worker
     * waiting for the next task, a task that sleeps between retries). A waiting thread that wakes later
     * and calls JDBC is refused, as every call of the dead process is.
     */
    private static boolean isWorking(Thread thread) {
        Thread.State state = thread.getState();
        if (state == Thread.State.RUNNABLE) {
            return !isWaitingForIo(thread);
        }
        return state != Thread.State.TERMINATED && state != Thread.State.WAITING && state != Thread.State.TIMED_WAITING;
    }

    /** Native methods in which a thread waits for the network (a selector, a blocking read): RUNNABLE, yet idle. */
    private static final Set<String> IO_WAITS = Set.of(
            "sun.nio.ch.EPoll.wait",
            "sun.nio.ch.KQueue.poll",
            "sun.nio.ch.WEPoll.wait",
            "sun.nio.ch.Net.poll",
            "sun.nio.ch.Net.accept",
            "sun.nio.ch.SocketDispatcher.read0",
            "sun.nio.ch.NioSocketImpl.timedRead",
            "sun.nio.ch.NioSocketImpl.park",
            "java.net.SocketInputStream.socketRead0",
            "java.net.PlainSocketImpl.socketAccept",
            // Netty's native transports (Artemis's client on Linux)
            "io.netty.channel.epoll.Native.epollWait",
            "io.netty.channel.epoll.Native.epollWait0",
            "io.netty.channel.epoll.Native.epollBusyWait0",
            "io.netty.channel.kqueue.Native.keventWait");

    /**
     * Whether a running thread is in fact waiting for the network: a client's I/O thread (a Kafka producer's,
     * an HTTP client's selector) between requests, idle as a pool's worker waiting for a task is. If it sends later,
     * a dead process's send is refused like any of its calls.
     */
    private static boolean isWaitingForIo(Thread thread) {
        StackTraceElement[] stack = thread.getStackTrace();
        if (stack.length == 0) {
            return false;
        }
        StackTraceElement top = stack[0];
        return top.isNativeMethod() && IO_WAITS.contains(top.getClassName() + "." + top.getMethodName());
    }

    /**
     * The stop timeout: the system property {@value #STOP_TIMEOUT_PROPERTY}, a duration as
     * {@code deliverykit.child.timeout} writes it ({@link DurationText}); else 10 s.
     */
    static Duration stopTimeout() {
        String configured = System.getProperty(STOP_TIMEOUT_PROPERTY);
        if (configured == null || configured.isBlank()) {
            return DEFAULT_STOP_TIMEOUT;
        }
        return DurationText.parse(configured)
                .orElseThrow(() ->
                        new IllegalArgumentException(SetupMessages.unusableDuration(STOP_TIMEOUT_PROPERTY, configured)
                                .sentences()));
    }
}
