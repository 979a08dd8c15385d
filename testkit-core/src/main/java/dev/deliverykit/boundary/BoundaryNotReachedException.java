package dev.deliverykit.boundary;

import dev.deliverykit.process.ChildResult;
import java.util.List;
import java.util.Optional;

/**
 * A crash run ended without reaching its boundary: the test would have asserted nothing. The message
 * lists the boundaries the run did reach, with hit counts.
 */
public final class BoundaryNotReachedException extends AssertionError {

    private static final long serialVersionUID = 1L;

    private final transient CrashPlan plan;
    private final transient List<BoundaryHit> hits;
    private final transient ChildResult childResult;

    BoundaryNotReachedException(String message, Throwable cause, CrashPlan plan, List<BoundaryHit> hits,
            ChildResult childResult) {
        super(message, cause);
        this.plan = plan;
        this.hits = List.copyOf(hits);
        this.childResult = childResult;
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
