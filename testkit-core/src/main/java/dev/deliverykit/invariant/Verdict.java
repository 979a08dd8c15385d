package dev.deliverykit.invariant;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/** Whether an invariant held over the committed state it read. */
@API(status = EXPERIMENTAL, since = "0.1")
public enum Verdict {

    /** No violation was found. */
    HOLDS,

    /** At least one {@link Violation} was found. */
    VIOLATED
}
