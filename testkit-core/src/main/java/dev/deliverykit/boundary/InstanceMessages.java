package dev.deliverykit.boundary;

import dev.deliverykit.internal.text.Message;
import java.util.List;
import java.util.stream.Collectors;

/** The messages of several instances run under a schedule. */
final class InstanceMessages {

    private InstanceMessages() {}

    /** Every instance left ({@code stuck}) waits, and none reached a point or ended for the stop timeout. */
    static Message deadlock(List<TurnEnd> stuck) {
        return Message.of(
                "Deadlock: no instance could go on for "
                        + DyingProcess.stopTimeout().toSeconds() + " s: "
                        + stuck.stream().map(TurnEnd::describe).collect(Collectors.joining(", ")),
                "each instance to end once the schedule lets every one run",
                "look at what each instance waits for at the point named (a lock another holds, a message another"
                        + " should send); the schedule's replay key runs this schedule again");
    }

    /** The thread that ran the schedule was interrupted while it waited for an instance. */
    static Message interrupted() {
        return Message.of(
                "The scheduled run was interrupted while it waited for an instance",
                "the run to end, or to be given up by its limits",
                "do not interrupt the thread that runs the schedule");
    }

    /**
     * {@code instance}, on the kit's clock, sent {@code sql}, in which the database computes the time
     * ({@code function}): a claim or lease it computes there follows the database's clock, never the kit's.
     */
    static Message databaseTime(String instance, String function, String sql) {
        return Message.of(
                instance + " runs on the kit's clock, but its statement \"" + sql + "\" reads the database's clock ("
                        + function + "), which the kit cannot move: a claim or lease it computes there does not expire"
                        + " when the kit's clock passes it",
                "the time of a claim or lease to come from the code under test",
                "compute the time in Java from the Clock the code is given (or from a read of the time that the kit"
                        + " weaves) and pass it as a parameter, as in \"UPDATE outbox SET claimed_until = ? WHERE"
                        + " claimed_until < ?\"; docs/time.md");
    }

    /** {@code key} stalls one of {@code instances}, which run on no clock the kit could move. */
    static Message stallWithoutClock(String key, Instances instances) {
        return Message.of(
                "The schedule \"" + key + "\" stalls an instance, and the instances " + instances
                        + " have no kit clock to move past the stall",
                "instances on a kit clock, whose time the stall moves on",
                "give them one with instances.withClock(clock) (a KitClock.start() that the code under test reads),"
                        + " or run a key without stalls");
    }

    /** The schedule {@code key} moves the clock after a crash, and {@code instances} have none. */
    static Message crashWithoutClock(String key, Instances instances) {
        return Message.of(
                "The schedule \"" + key + "\" moves the clock after a crash, and the instances " + instances
                        + " have no kit clock to move",
                "instances on a kit clock, whose time the crash moves on",
                "give them one with instances.withClock(clock) (a KitClock.start() that the code under test reads),"
                        + " or crash without moving the clock (crash instead of crash+31s)");
    }
}
