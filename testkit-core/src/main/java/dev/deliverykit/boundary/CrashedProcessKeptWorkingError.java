package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * The crashed process kept working: after it had been told of its death (the {@link SimulatedCrash}, or a
 * call refused after the crash), a flow of the dead process made another JDBC call or entered a watched
 * method. However the workload ended (returned, rethrew, threw something else), nothing runs after a real
 * process death; code that catches the crash and carries on (marks a message sent after a failed send)
 * is what this catches. The refused calls never reached the database.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class CrashedProcessKeptWorkingError extends AssertionError {

    private static final long serialVersionUID = 1L;

    CrashedProcessKeptWorkingError(String message, SimulatedCrash crash) {
        super(message, crash);
    }
}
