package dev.deliverykit.boundary;

import dev.deliverykit.Workload;
import dev.deliverykit.internal.instrument.BoundarySink;
import dev.deliverykit.internal.instrument.ProcessContext;
import dev.deliverykit.internal.instrument.Processes;
import java.util.List;

/**
 * A workload the kit runs outside any crash run (a recovery) as a process of its own: it watches nothing and never
 * dies, but its threads and the tasks it hands to executors are followed, so that it has ended only once they
 * have ended or wait, as a crash run's process has. Its calls reach no run: after a crash they go on untouched. Of its
 * JDBC calls it hears only of connections being opened, so that a thread waiting in there (a pool's wait, a driver's
 * retry) works.
 */
final class FollowedProcess implements BoundarySink {

    private final DyingProcess threads = new DyingProcess(Thread.currentThread());
    /** Set once the wait is over: later tasks of its threads are nobody's, as before it was followed. */
    private volatile boolean ended;

    private FollowedProcess() {}

    /**
     * Runs {@code workload} on the calling thread as a followed process and waits until it has ended; throws what the
     * workload throws, else {@link ProcessStillRunningError} if it did not stop within the stop timeout.
     */
    static void run(Workload workload) throws Exception {
        FollowedProcess process = new FollowedProcess();
        Processes.startFollowing();
        List<String> busy;
        try {
            ProcessContext outside = Processes.enter(process);
            try {
                workload.run();
            } finally {
                Processes.leave(outside);
            }
            busy = process.threads.awaitStopped(DyingProcess.stopTimeout());
        } finally {
            process.ended = true;
            Processes.stopFollowing();
        }
        if (!busy.isEmpty()) {
            throw new ProcessStillRunningError(VerdictMessages.processStillRunning("the recovery returned", busy)
                    .lines());
        }
    }

    @Override
    public void openingConnection() {
        threads.openingConnection();
    }

    @Override
    public void leftJdbc() {
        threads.leftJdbc();
    }

    @Override
    public boolean adoptsTask() {
        return !ended;
    }

    @Override
    public void threadStarted(Thread thread) {
        if (!ended) {
            threads.started(thread);
        }
    }

    @Override
    public void taskHandedOver() {
        threads.taskHandedOver();
    }

    @Override
    public void taskStarted(boolean wasPending) {
        threads.taskStarted(wasPending);
    }

    @Override
    public void taskEnded() {
        threads.taskEnded();
    }
}
