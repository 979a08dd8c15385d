package dev.deliverykit.time;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/** Which of the instances' reads of the time see the kit's clock. */
@API(status = EXPERIMENTAL, since = "0.1")
public enum TimeReads {
    /** Only code given the kit's clock (a {@code Clock} it takes) reads it; every other read is the real time. */
    GIVEN,
    /**
     * Every read of the instances' threads and tasks as well: {@code System.currentTimeMillis()},
     * {@code System.nanoTime()}, {@code Instant.now()} and the other {@code now()} of {@code java.time},
     * {@code Clock.systemUTC()} and {@code Clock.systemDefaultZone()}; and their sleeps ({@code Thread.sleep},
     * {@code TimeUnit.sleep}) take no real time but move the kit's clock to their wake-up time. Reads on other
     * threads stay real. docs/time.md says what cannot follow.
     */
    WOVEN
}
