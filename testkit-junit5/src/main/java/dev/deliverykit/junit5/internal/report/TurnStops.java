package dev.deliverykit.junit5.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.boundary.TurnEnd;
import org.apiguardian.api.API;

/** Where an instance stopped in a turn, as the report's timeline and a failing schedule's message say it. */
@API(status = INTERNAL, since = "0.1")
public final class TurnStops {

    private TurnStops() {}

    /**
     * {@code before commit #5 in Relay.drain}, {@code the end}, or {@code after commit #2 in Row.sendTo, then blocked
     * in the database} (the point the instance reached before it blocked or waited).
     */
    public static String stoppedAt(TurnEnd turn) {
        return switch (turn.stop()) {
            case HELD -> turn.at();
            case ENDED -> "the end";
            case BLOCKED_IN_THE_DATABASE -> turn.at() + ", then blocked in the database";
            case WAITING -> turn.at() + ", then waiting";
        };
    }
}
