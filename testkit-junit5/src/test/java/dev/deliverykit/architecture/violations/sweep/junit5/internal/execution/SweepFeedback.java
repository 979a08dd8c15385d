package dev.deliverykit.architecture.violations.sweep.junit5.internal.execution;

/** Compliant: what a run tells its sweep. */
public interface SweepFeedback {
    void recorded();
}
