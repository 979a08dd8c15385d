package dev.deliverykit.schedule;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.internal.text.InvalidArgumentException;
import java.time.Duration;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A stall in a schedule: {@code instance}, which just had its turn, holds at the point it stopped while the kit's
 * clock moves on by {@code duration}, as a GC pause or a slow broker stops a process; the turns after it go, and its
 * own next turn lets it carry on as if nothing happened.
 *
 * @param instance the stalled instance's name
 * @param duration how far the clock moves, more than zero
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Stall(String instance, Duration duration) implements Move {

    public Stall {
        Objects.requireNonNull(instance, "instance");
        Objects.requireNonNull(duration, "duration");
        if (duration.isNegative() || duration.isZero()) {
            throw new InvalidArgumentException(ScheduleMessages.stallNotPositive(duration));
        }
    }

    /** {@code +31s}, or {@code +1500ms} for a duration of no whole seconds. */
    @Override
    public String key() {
        return plus(duration);
    }

    /** {@code +31s}, or {@code +1500ms}: a move of the clock as a key says it. */
    static String plus(Duration duration) {
        long millis = duration.toMillis();
        return "+" + (millis % 1000 == 0 ? millis / 1000 + "s" : millis + "ms");
    }
}
