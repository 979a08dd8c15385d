package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * The workload caught the {@link SimulatedCrash} and returned normally: code ran after the process had
 * died, so the crash test proves nothing. The message names where the dead process went on, when known.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class CrashSwallowedError extends AssertionError {

    private static final long serialVersionUID = 1L;

    private final transient CrashResult crash;

    CrashSwallowedError(String message, SimulatedCrash swallowed, CrashResult crash) {
        super(message, swallowed);
        this.crash = crash;
    }

    /** Where the crash happened. */
    public CrashResult crash() {
        return crash;
    }
}
