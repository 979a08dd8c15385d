package dev.deliverykit.benchmarks.report;

/** Whether a figure met its target; {@link #INFO} rows have none. */
public enum Verdict {
    /** Within the target. */
    MET,
    /** Outside the target. */
    MISSED,
    /** Shown for context, no target. */
    INFO
}
