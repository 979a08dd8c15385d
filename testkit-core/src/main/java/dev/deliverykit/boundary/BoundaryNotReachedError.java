package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.process.ChildResult;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.apiguardian.api.API;

/**
 * A crash run ended without reaching its boundary: the test would have asserted nothing. The message
 * lists the boundaries the run did reach, with hit counts.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class BoundaryNotReachedError extends AssertionError {

    private static final long serialVersionUID = 1L;

    private final transient CrashPlan plan;
    private final transient List<BoundaryHit> hits;
    private final transient ChildResult childResult;
    private transient Supplier<String> messageSource;
    private String message;

    BoundaryNotReachedError(String message, Throwable cause, CrashPlan plan, List<BoundaryHit> hits,
            ChildResult childResult) {
        this(() -> message, cause, plan, hits, childResult);
    }

    /**
     * With the message written when first asked for: a test that expects the exception (a benchmark of an
     * armed run, a sweep that probes) never pays for listing every reached boundary.
     */
    BoundaryNotReachedError(Supplier<String> message, Throwable cause, CrashPlan plan, List<BoundaryHit> hits,
            ChildResult childResult) {
        super(null, cause);
        this.messageSource = message;
        this.plan = plan;
        this.hits = List.copyOf(hits);
        this.childResult = childResult;
    }

    @Override
    public synchronized String getMessage() {
        if (messageSource != null) {
            message = messageSource.get();
            messageSource = null;
        }
        return message;
    }

    private synchronized void writeObject(ObjectOutputStream out) throws IOException {
        getMessage(); // a serialized copy carries the written message
        out.defaultWriteObject();
    }

    /** The plan that was not reached. */
    public CrashPlan plan() {
        return plan;
    }

    /** Every watched hit of the run, in order (without stacks: see {@link CrashResult#hits()}). */
    public List<BoundaryHit> hits() {
        return hits;
    }

    /** For a child-process run: its exit code and output. */
    public Optional<ChildResult> childResult() {
        return Optional.ofNullable(childResult);
    }
}
