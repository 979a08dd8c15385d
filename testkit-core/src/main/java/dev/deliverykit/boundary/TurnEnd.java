package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.internal.text.DurationText;
import java.time.Duration;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * How one turn of a scheduled run ended: a line of its timeline.
 *
 * @param instance the instance whose turn it was
 * @param stop how the turn ended
 * @param point how many points the instance had reached by then
 * @param at where it stopped: its last point as a schedule's name says it, {@code its start}, or {@code the end}
 * @param stalled how far the kit's clock moved while the instance stalled there, or after it crashed there: zero but
 *     for a {@link Stop#STALLED} or a {@link Stop#CRASHED}
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record TurnEnd(String instance, Stop stop, int point, String at, Duration stalled) {

    /** How a turn ended. */
    public enum Stop {
        /** The instance holds at the point its turn allowed it to reach. */
        HELD,
        /** The instance's workload returned, and its threads and tasks ended or wait. */
        ENDED,
        /** A call of the instance waits inside the driver: on a lock another instance holds, perhaps. */
        BLOCKED_IN_THE_DATABASE,
        /** The instance reached no point for a while outside any JDBC call: it waits for something. */
        WAITING,
        /** The instance held where its turn stopped while the kit's clock moved on: a stall. */
        STALLED,
        /** The instance died where its turn stopped, and the kit's clock moved on by {@code stalled}: a crash. */
        CRASHED
    }

    public TurnEnd {
        Objects.requireNonNull(instance, "instance");
        Objects.requireNonNull(stop, "stop");
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(stalled, "stalled");
    }

    /** A turn that ended without a stall. */
    public TurnEnd(String instance, Stop stop, int point, String at) {
        this(instance, stop, point, at, Duration.ZERO);
    }

    /**
     * {@code relay-a to after-commit #1 in Relay.claim}, {@code relay-b blocked in the database after ...},
     * {@code relay-a stalled for 31 s}, {@code relay-a crashed, 31 s pass}.
     */
    public String describe() {
        return switch (stop) {
            case HELD -> instance + " to " + at;
            case ENDED -> instance + " to the end";
            case BLOCKED_IN_THE_DATABASE -> instance + " blocked in the database after " + at;
            case WAITING -> instance + " waiting after " + at;
            case STALLED -> instance + " stalled for " + DurationText.format(stalled);
            case CRASHED ->
                instance + " crashed" + (stalled.isZero() ? "" : ", " + DurationText.format(stalled) + " pass");
        };
    }
}
