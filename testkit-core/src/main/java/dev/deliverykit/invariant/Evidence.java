package dev.deliverykit.invariant;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * What one {@link Invariant#check()} judged: rows, or nothing at all. An invariant that read no row holds
 * vacuously, so a crash test whose invariants only ever read nothing cannot fail; the JUnit extension refuses a
 * crash-free run whose declared invariants all read nothing.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum Evidence {

    /** The check read at least one row and judged it. */
    ROWS_READ,

    /** The check read no row at all: it holds, but says nothing. */
    NOTHING_READ,

    /** The check read no row, which is what it asks for ({@code Invariants.noRows(...)}): no row is its point. */
    NOTHING_EXPECTED,

    /** An invariant of your own that does not say what it read. */
    NOT_SAID;

    /** {@link #ROWS_READ} if {@code rows} is positive, else {@link #NOTHING_READ}. */
    public static Evidence ofRows(long rows) {
        return rows > 0 ? ROWS_READ : NOTHING_READ;
    }
}
