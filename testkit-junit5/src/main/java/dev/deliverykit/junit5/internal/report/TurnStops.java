package dev.deliverykit.junit5.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.boundary.TurnEnd;
import dev.deliverykit.internal.text.DurationText;
import org.apiguardian.api.API;

/** Where an instance stopped in a turn, as the report's timeline and a failing schedule's message say it. */
@API(status = INTERNAL, since = "0.1")
public final class TurnStops {

    private TurnStops() {}

    /**
     * {@code before commit #5 in Relay.drain}, {@code the end}, or {@code after commit #2 in Row.sendTo, then blocked
     * in the database} (the point the instance reached before it blocked or waited), {@code stalled there for 31 s
     * of the kit's clock}, or {@code crashed there, then 31 s of the kit's clock passed}.
     */
    public static String stoppedAt(TurnEnd turn) {
        return switch (turn.stop()) {
            case HELD -> turn.at();
            case ENDED -> "the end";
            case BLOCKED_IN_THE_DATABASE -> turn.at() + ", then blocked in the database";
            case WAITING -> turn.at() + ", then waiting";
            case STALLED -> "stalled there for " + DurationText.format(turn.stalled()) + " of the kit's clock";
            case CRASHED ->
                "crashed there"
                        + (turn.stalled().isZero()
                                ? ""
                                : ", then " + DurationText.format(turn.stalled()) + " of the kit's clock passed");
        };
    }

    /**
     * A line of a failing schedule's timeline after the instance's name: {@code to before commit #5 in Relay.drain},
     * {@code stalled there for 31 s of the kit's clock}, or {@code crashed there}.
     */
    public static String line(TurnEnd turn) {
        return turn.stop() == TurnEnd.Stop.STALLED || turn.stop() == TurnEnd.Stop.CRASHED
                ? stoppedAt(turn)
                : "to " + stoppedAt(turn);
    }
}
