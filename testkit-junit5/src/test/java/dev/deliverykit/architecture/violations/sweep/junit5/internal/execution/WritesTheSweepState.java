package dev.deliverykit.architecture.violations.sweep.junit5.internal.execution;

/** VIOLATION: a run that writes its sweep's state directly, beside the feedback. */
public final class WritesTheSweepState extends CaseRun {
    private final SweepState sweep;

    public WritesTheSweepState(SweepState sweep) {
        this.sweep = sweep;
    }

    void run() {
        sweep.recorded();
    }
}
