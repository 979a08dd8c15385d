package dev.deliverykit.boundary;

/**
 * The crashed process kept working: after it had been told of its death (the {@link SimulatedCrash}, or a
 * call refused after the crash), a flow of the dead process made another JDBC call or entered a watched
 * method. However the workload ended (returned, rethrew, threw something else), nothing runs after a real
 * process death; code that catches the crash and carries on (marks a message sent after a failed send)
 * is what this catches. The refused calls never reached the database.
 */
public final class CrashedProcessKeptWorkingException extends AssertionError {

    private static final long serialVersionUID = 1L;

    CrashedProcessKeptWorkingException(String message, SimulatedCrash crash) {
        super(message, crash);
    }
}
