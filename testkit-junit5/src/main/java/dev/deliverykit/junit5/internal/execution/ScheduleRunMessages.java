package dev.deliverykit.junit5.internal.execution;

import dev.deliverykit.boundary.InstanceRun;
import dev.deliverykit.boundary.ScheduledRun;
import dev.deliverykit.boundary.TurnEnd;
import dev.deliverykit.junit5.internal.report.TurnStops;
import java.util.ArrayList;
import java.util.List;

/** The failure of a schedule whose instances did not all end well. */
final class ScheduleRunMessages {

    private ScheduleRunMessages() {}

    /**
     * {@code In schedule relay-a to ..., relay-b threw java.sql.SQLException: [SQLITE_BUSY] ...}: every instance
     * that threw or did not end, and the deadlock, then the timeline.
     */
    static String failed(ScheduledRun run) {
        List<String> what = new ArrayList<>();
        for (InstanceRun instance : run.instances()) {
            instance.failure().ifPresent(failure -> what.add(instance.name() + " threw " + failure));
            if (!instance.stillBusy().isEmpty()) {
                what.add(instance.name() + " did not end: " + String.join("; ", instance.stillBusy()));
            }
        }
        run.deadlock().ifPresent(what::add);
        return String.join("\n", what) + "\nTimeline: " + run.describe()
                + "\nFix: make the code handle this order of calls, which production can take too (an error here is"
                + " the one the code gets there); the replay key below runs this schedule again";
    }

    /**
     * The timeline a failing schedule's message ends with, before the case's block: a line per turn, each
     * instance's name aligned, {@code relay-a  to before commit #5 in UnclaimedRelay.drain}.
     */
    static String timeline(List<TurnEnd> turns) {
        int width =
                turns.stream().mapToInt(turn -> turn.instance().length()).max().orElse(0);
        StringBuilder lines = new StringBuilder("Timeline, a turn a line:");
        for (TurnEnd turn : turns) {
            lines.append('\n')
                    .append(turn.instance())
                    .append(" ".repeat(width - turn.instance().length() + 2))
                    .append(TurnStops.line(turn));
        }
        return lines.toString();
    }
}
