package dev.deliverykit.architecture.violations.sweep.junit5.internal.execution;

/** Compliant: the sweep's state, written only through its feedback. */
public final class SweepState {
    private int recorded;

    public SweepFeedback feedback() {
        return () -> recorded++;
    }

    public void recorded() {
        recorded++;
    }
}
