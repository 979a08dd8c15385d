package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.process.ChildResult;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A crash-free recording run whose workload did not complete: it threw, or its child JVM ended without a report.
 * Nothing was recorded, so there is nothing to crash at.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class RecordingFailedException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    private final transient ChildResult childResult;

    RecordingFailedException(String message, Throwable cause, ChildResult childResult) {
        super(message, cause);
        this.childResult = childResult;
    }

    /** For a recording in a child JVM: its exit code and output. */
    public Optional<ChildResult> childResult() {
        return Optional.ofNullable(childResult);
    }
}
