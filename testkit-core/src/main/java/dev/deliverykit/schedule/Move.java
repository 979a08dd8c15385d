package dev.deliverykit.schedule;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * One move of a schedule: an instance's {@link Turn}, or a {@link Stall} of the instance whose turn went just before
 * (it holds where its turn stopped while the kit's clock moves on), or a {@link Crash} of that instance (it dies
 * where its turn stopped, and takes no turn after).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public sealed interface Move permits Turn, Stall, Crash {

    /** How the move stands in a schedule's key: {@code relay-a:2}, {@code +31s}, {@code crash+31s}. */
    String key();
}
