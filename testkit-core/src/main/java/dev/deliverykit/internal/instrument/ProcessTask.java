package dev.deliverykit.internal.instrument;

import java.lang.StackWalker.StackFrame;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * A task that a thread of a process handed to an executor: it runs as a flow of that process (see
 * {@link Processes}), and the process knows it is pending until it has run, so that a run's verdict waits
 * for it. A scheduled task is not pending (it may run much later, or forever); it belongs to the process
 * while it runs.
 */
abstract sealed class ProcessTask permits ProcessTask.OfRunnable, ProcessTask.OfCallable {

    private final BoundarySink process;
    private final List<StackFrame> handedBy;
    private boolean pending;

    ProcessTask(BoundarySink process, boolean pending) {
        this.process = process;
        this.handedBy = process.handingFrames();
        this.pending = pending;
        if (pending) {
            process.taskHandedOver();
        }
    }

    final ProcessContext start() {
        boolean first;
        synchronized (this) {
            first = pending;
            pending = false;
        }
        process.taskStarted(first);
        return Processes.enterTask(process, handedBy);
    }

    final void end(ProcessContext previous) {
        Processes.leave(previous);
        process.taskEnded();
    }

    /** A {@link Runnable} of the process. */
    static final class OfRunnable extends ProcessTask implements Runnable {
        private final Runnable task;

        OfRunnable(BoundarySink process, boolean pending, Runnable task) {
            super(process, pending);
            this.task = task;
        }

        @Override
        public void run() {
            ProcessContext previous = start();
            try {
                task.run();
            } finally {
                end(previous);
            }
        }

        @Override
        public String toString() {
            return task.toString();
        }
    }

    /** A {@link Callable} of the process. */
    static final class OfCallable<V> extends ProcessTask implements Callable<V> {
        private final Callable<V> task;

        OfCallable(BoundarySink process, boolean pending, Callable<V> task) {
            super(process, pending);
            this.task = task;
        }

        @Override
        public V call() throws Exception {
            ProcessContext previous = start();
            try {
                return task.call();
            } finally {
                end(previous);
            }
        }

        @Override
        public String toString() {
            return task.toString();
        }
    }
}
