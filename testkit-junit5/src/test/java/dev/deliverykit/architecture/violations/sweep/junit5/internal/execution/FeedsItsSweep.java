package dev.deliverykit.architecture.violations.sweep.junit5.internal.execution;

/** Compliant: a run that tells its sweep what it recorded through the feedback. */
public final class FeedsItsSweep extends CaseRun {
    private final SweepFeedback sweep;

    public FeedsItsSweep(SweepFeedback sweep) {
        this.sweep = sweep;
    }

    void run() {
        sweep.recorded();
    }
}
