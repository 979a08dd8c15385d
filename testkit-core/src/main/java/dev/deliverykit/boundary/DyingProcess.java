package dev.deliverykit.boundary;

import dev.deliverykit.internal.instrument.ProcessContext;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The threads and tasks of one run's process, for waiting until they have stopped touching JDBC: threads
 * inside a JDBC call, tasks handed to executors and not started yet, tasks running, and threads the
 * process started that made JDBC calls of their own. Thread-safe; nothing here calls a driver.
 */
final class DyingProcess {

    /** How long a verdict waits for the process's threads and tasks by default (system property to change it). */
    static final Duration DEFAULT_STOP_TIMEOUT = Duration.ofSeconds(10);
    static final String STOP_TIMEOUT_PROPERTY = "deliverykit.processStopTimeout";

    private final Thread main;
    private final Set<Thread> inJdbc = ConcurrentHashMap.newKeySet();
    private final Set<Thread> startedThreads = Collections.synchronizedSet(
            Collections.newSetFromMap(new IdentityHashMap<>()));
    private final Object changed = new Object();
    private int pendingTasks;
    private int runningTasks;

    DyingProcess(Thread main) {
        this.main = main;
    }

    /** A thread of the process is inside a JDBC call that went through to the driver. */
    void enteredJdbc(ProcessContext context) {
        Thread thread = Thread.currentThread();
        inJdbc.add(thread);
        if (thread != main && !context.isTask()) {
            startedThreads.add(thread);
        }
    }

    /** The calling thread's outermost JDBC call ended. */
    void leftJdbc() {
        if (inJdbc.remove(Thread.currentThread())) {
            signal();
        }
    }

    void taskHandedOver() {
        synchronized (changed) {
            pendingTasks++;
        }
    }

    void taskStarted(boolean wasPending) {
        synchronized (changed) {
            if (wasPending) {
                pendingTasks--;
            }
            runningTasks++;
        }
    }

    void taskEnded() {
        synchronized (changed) {
            runningTasks--;
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
     * running, and each thread it started that used JDBC has ended or waits; returns what is still busy
     * when {@code limit} passes, or an empty list.
     */
    List<String> awaitStopped(Duration limit) {
        long deadline = System.nanoTime() + limit.toNanos();
        synchronized (changed) {
            while (true) {
                List<String> busy = busy();
                long left = deadline - System.nanoTime();
                if (busy.isEmpty() || left <= 0) {
                    return busy;
                }
                try {
                    // Thread states change without a signal, so the wait is short; JDBC exits and task ends signal.
                    changed.wait(Math.max(1, Math.min(5, left / 1_000_000)));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return busy;
                }
            }
        }
    }

    private List<String> busy() {
        List<String> busy = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>();
        for (Thread thread : inJdbc) {
            if (thread != Thread.currentThread()) {
                names.add(thread.getName());
            }
        }
        if (!names.isEmpty()) {
            busy.add("inside a JDBC call on thread(s) " + String.join(", ", names));
        }
        if (pendingTasks > 0) {
            busy.add(pendingTasks + " task(s) handed to an executor and not started");
        }
        if (runningTasks > 0) {
            busy.add(runningTasks + " task(s) running on an executor");
        }
        List<String> running = new ArrayList<>();
        synchronized (startedThreads) {
            for (Thread thread : startedThreads) {
                Thread.State state = thread.getState();
                if (state != Thread.State.TERMINATED && state != Thread.State.WAITING
                        && state != Thread.State.TIMED_WAITING) {
                    running.add(thread.getName());
                }
            }
        }
        if (!running.isEmpty()) {
            busy.add("thread(s) it started still running: " + String.join(", ", running));
        }
        return busy;
    }

    /** The stop timeout: the system property {@value #STOP_TIMEOUT_PROPERTY} (ISO-8601, e.g. PT30S), else 10 s. */
    static Duration stopTimeout() {
        String configured = System.getProperty(STOP_TIMEOUT_PROPERTY);
        if (configured == null || configured.isBlank()) {
            return DEFAULT_STOP_TIMEOUT;
        }
        try {
            Duration timeout = Duration.parse(configured.trim());
            if (!timeout.isNegative() && !timeout.isZero()) {
                return timeout;
            }
        } catch (RuntimeException invalid) {
            // falls through to the error below
        }
        throw new IllegalArgumentException("-D" + STOP_TIMEOUT_PROPERTY + "=" + configured + " is not a positive"
                + " ISO-8601 duration. Expected for example PT10S or PT1M. Fix the system property.");
    }
}
