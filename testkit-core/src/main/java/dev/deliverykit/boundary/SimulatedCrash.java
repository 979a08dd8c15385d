package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * The kit's throwable: the simulated process died here. It is an {@link Error} so that code catching
 * {@code Exception} lets it through, as a real process death would not stop at a catch block. Code that
 * catches it anyway runs on as a dead process: every JDBC call and watched method it then reaches is refused
 * with another {@code SimulatedCrash} before it reaches a database, and listed in
 * {@link CrashResult#afterDeath()}; the case is judged by what survives, as after a real exit.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SimulatedCrash extends Error {

    private static final long serialVersionUID = 1L;

    private final String boundaryName;
    private final int occurrence;

    SimulatedCrash(String message, String boundaryName, int occurrence) {
        super(message);
        this.boundaryName = boundaryName;
        this.occurrence = occurrence;
    }

    /** The boundary where the process died. */
    public String boundaryName() {
        return boundaryName;
    }

    /** Which hit of the boundary it died at. */
    public int occurrence() {
        return occurrence;
    }
}
