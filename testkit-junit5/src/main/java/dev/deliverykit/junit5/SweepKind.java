package dev.deliverykit.junit5;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Which boundaries a {@link CrashSweep} records in its crash-free run and then crashes at, one case per
 * occurrence.
 *
 * <pre>{@code
 * @CrashSweep(kinds = {SweepKind.COMMITS, SweepKind.CATALOGUE})
 * void noIntentLostNoEffectDoubled(CrashScenario scenario, @TempDir Path dir) { ... }
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum SweepKind {

    /** Before and after every commit ({@code Connection.commit()} or a {@code COMMIT}/{@code END} statement). */
    COMMITS,

    /**
     * Before and after every statement (each distinct SQL text its own boundary), optionally only those
     * matching {@link CrashSweep#sql()}. {@code COMMIT} statements are left to {@link #COMMITS} when both
     * kinds are swept, so that no point is crashed twice.
     */
    STATEMENTS,

    /**
     * Every boundary of the test's {@link BoundaryCatalogueSource} catalogue(s), optionally only those named
     * in {@link CrashSweep#boundaries()}. Without a catalogue this kind finds nothing.
     */
    CATALOGUE,

    /**
     * Before and after every call that leaves the JVM: a socket connect or write, a file write, a request of the
     * JDK's HTTP client ({@link dev.deliverykit.boundary.OutsideEffect}). Not swept by default: such calls count as
     * changes when crash points are pruned whatever is swept, so the default sweep already keeps a crash after a send
     * apart from one before it; this kind adds a crash at each call itself, which on a client's own I/O thread
     * (a Kafka producer's) may vary from run to run.
     */
    OUTSIDE_EFFECTS
}
