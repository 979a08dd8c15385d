package dev.deliverykit.architecture.violations.api.boundary;

/** VIOLATION: a public type that does not say what users may rely on. */
public final class Unmarked {
    /** Nested types take the status of their top-level type (not a violation). */
    public static final class Nested {}
}
