package dev.deliverykit.process;

/** A child JVM could not be started, timed out and was killed, or ended before printing what was awaited. */
public final class ChildProcessException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    ChildProcessException(String message) {
        super(message);
    }

    ChildProcessException(String message, Throwable cause) {
        super(message, cause);
    }
}
