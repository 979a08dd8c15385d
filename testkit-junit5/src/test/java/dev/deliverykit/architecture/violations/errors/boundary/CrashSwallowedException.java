package dev.deliverykit.architecture.violations.errors.boundary;

/** VIOLATION: an AssertionError named like an Exception. */
public final class CrashSwallowedException extends AssertionError {
    private static final long serialVersionUID = 1L;
}
