package dev.deliverykit.invariant;

/** Whether an invariant held over the committed state it read. */
public enum Verdict {

    /** No violation was found. */
    HOLDS,

    /** At least one {@link Violation} was found. */
    VIOLATED
}
