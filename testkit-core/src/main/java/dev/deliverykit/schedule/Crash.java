package dev.deliverykit.schedule;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.internal.text.InvalidArgumentException;
import java.time.Duration;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A crash in a schedule: {@code instance}, which just had its turn, dies at the point it stopped, as its process
 * would be killed there: its open transactions roll back, its connections close, and it takes no turn after. The
 * kit's clock then moves on by {@code duration} (zero: it does not move), so that the leases it held can run out
 * before the other instances go on.
 *
 * @param instance the crashed instance's name
 * @param duration how far the clock moves after the crash, zero or more
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Crash(String instance, Duration duration) implements Move {

    public Crash {
        Objects.requireNonNull(instance, "instance");
        Objects.requireNonNull(duration, "duration");
        if (duration.isNegative()) {
            throw new InvalidArgumentException(ScheduleMessages.crashNegative(duration));
        }
    }

    /** {@code crash+31s}, or {@code crash} when the clock does not move. */
    @Override
    public String key() {
        return "crash" + (duration.isZero() ? "" : Stall.plus(duration));
    }
}
