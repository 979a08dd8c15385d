package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * The run's process did not stop in time: after the crash (or after the workload returned) a thread of the
 * process was still inside JDBC, a task it handed to an executor was still pending or running, or a thread
 * it started was still running. The verdict waits for them, so that recovery and the invariants never race
 * the dead process; the limit is {@code -Ddeliverykit.process.stop-timeout} (default {@code 10 s}).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ProcessStillRunningError extends AssertionError {

    private static final long serialVersionUID = 1L;

    ProcessStillRunningError(String message) {
        super(message);
    }
}
