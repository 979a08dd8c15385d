package dev.deliverykit.architecture.violations.errors.boundary;

/** Named for what it is (not a violation). */
public final class BoundaryNotReachedError extends AssertionError {
    private static final long serialVersionUID = 1L;
}
