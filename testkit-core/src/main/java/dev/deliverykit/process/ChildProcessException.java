package dev.deliverykit.process;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/** A child JVM could not be started, timed out and was killed, or ended before printing what was awaited. */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ChildProcessException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    ChildProcessException(String message) {
        super(message);
    }

    ChildProcessException(String message, Throwable cause) {
        super(message, cause);
    }
}
