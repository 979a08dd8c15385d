package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * A thread that is not part of the run's process (not the workload's thread, not started by it, not
 * running a task it handed to an executor) ran a JDBC statement or commit during an in-process run: the
 * run cannot tell what the crash would do to that work, so it proves nothing. That thread itself is never
 * disturbed. Run such tests alone ({@code @Isolated}) or as real process exits.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ThreadOutsideProcessError extends AssertionError {

    private static final long serialVersionUID = 1L;

    ThreadOutsideProcessError(String message) {
        super(message);
    }
}
