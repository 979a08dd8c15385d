package dev.deliverykit.boundary;

/**
 * The workload caught the {@link SimulatedCrash} and returned normally: code ran after the process had
 * died, so the crash test proves nothing. The message names where the dead process went on, when known.
 */
public final class CrashSwallowedException extends AssertionError {

    private static final long serialVersionUID = 1L;

    private final transient CrashResult crash;

    CrashSwallowedException(String message, SimulatedCrash swallowed, CrashResult crash) {
        super(message, swallowed);
        this.crash = crash;
    }

    /** Where the crash happened. */
    public CrashResult crash() {
        return crash;
    }
}
