package dev.deliverykit.time;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import org.apiguardian.api.API;

/**
 * A clock the kit moves: it starts at {@link #START} and stands still until {@link #advance} moves it, so a case
 * sees the same times in every run. Copies made by {@link #withZone} share its time.
 *
 * <pre>{@code
 * KitClock clock = KitClock.start();
 * clock.instant();                       // 2026-01-01T00:00:00Z
 * clock.advance(Duration.ofSeconds(31));
 * clock.instant();                       // 2026-01-01T00:00:31Z
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class KitClock extends Clock {

    /** Where every kit clock starts. */
    public static final Instant START = Instant.parse("2026-01-01T00:00:00Z");

    private final AtomicLong elapsedNanos;
    private final ZoneId zone;

    private KitClock(AtomicLong elapsedNanos, ZoneId zone) {
        this.elapsedNanos = elapsedNanos;
        this.zone = zone;
    }

    /** A new clock at {@link #START}, in UTC. */
    public static KitClock start() {
        return new KitClock(new AtomicLong(), ZoneOffset.UTC);
    }

    /**
     * Moves this clock (and every copy of it) forward by {@code step}.
     *
     * @throws IllegalArgumentException if {@code step} is negative
     */
    public void advance(Duration step) {
        Objects.requireNonNull(step, "step");
        if (step.isNegative()) {
            throw new IllegalArgumentException(TimeMessages.negativeStep(step).sentences());
        }
        elapsedNanos.accumulateAndGet(saturatedNanos(step), KitClock::saturatedSum);
    }

    /**
     * Moves this clock (and every copy of it) forward to {@code instant}, or leaves it where it is if it is there or
     * past it already: a sleeper wakes at its time, or later if others moved the clock further meanwhile.
     */
    public void advanceTo(Instant instant) {
        Objects.requireNonNull(instant, "instant");
        elapsedNanos.accumulateAndGet(saturatedNanos(Duration.between(START, instant)), Math::max);
    }

    /** A step too long for a {@code long} of nanoseconds (292 years) moves the clock as far as it goes. */
    private static long saturatedNanos(Duration step) {
        try {
            return step.toNanos();
        } catch (ArithmeticException tooLong) {
            return step.isNegative() ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
    }

    private static long saturatedSum(long elapsed, long step) {
        long sum = elapsed + step;
        return sum < elapsed ? Long.MAX_VALUE : sum;
    }

    /** How far this clock has moved since {@link #START}. */
    public Duration elapsed() {
        return Duration.ofNanos(elapsedNanos.get());
    }

    /**
     * The nanoseconds since {@link #START}. A woven {@code System.nanoTime()} reads this clock's nanoseconds since 1970
     * instead; both only ever grow with this clock, and only their differences mean anything.
     */
    public long nanoTime() {
        return elapsedNanos.get();
    }

    @Override
    public Instant instant() {
        return START.plusNanos(elapsedNanos.get());
    }

    @Override
    public long millis() {
        return START.toEpochMilli() + elapsedNanos.get() / 1_000_000;
    }

    @Override
    public ZoneId getZone() {
        return zone;
    }

    @Override
    public KitClock withZone(ZoneId zone) {
        Objects.requireNonNull(zone, "zone");
        return zone.equals(this.zone) ? this : new KitClock(elapsedNanos, zone);
    }

    /** Whether {@code other} reads the same time in the same zone: a copy of this clock. */
    @Override
    public boolean equals(Object other) {
        return other instanceof KitClock clock && clock.elapsedNanos == elapsedNanos && clock.zone.equals(zone);
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(elapsedNanos) * 31 + zone.hashCode();
    }

    /** {@code KitClock[2026-01-01T00:00:31Z, Z]}. */
    @Override
    public String toString() {
        return "KitClock[" + instant() + ", " + zone + "]";
    }
}
