package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class InstanceMessagesTests {

    @Test
    void deadlock() {
        assertThat(InstanceMessages.deadlock(List.of(
                                new TurnEnd(
                                        "relay-a",
                                        TurnEnd.Stop.BLOCKED_IN_THE_DATABASE,
                                        2,
                                        "after statement \"SELECT * FROM outbox FOR UPDATE\" #1 in Relay.claim"),
                                new TurnEnd("relay-b", TurnEnd.Stop.WAITING, 3, "after commit #1 in Relay.claim")))
                        .sentences())
                .isEqualTo("Deadlock: no instance could go on for 10 s: relay-a blocked in the database after after"
                        + " statement \"SELECT * FROM outbox FOR UPDATE\" #1 in Relay.claim, relay-b waiting after"
                        + " after commit #1 in Relay.claim. Expected each instance to end once the schedule lets every"
                        + " one run. Fix: look at what each instance waits for at the point named (a lock another holds,"
                        + " a message another should send); the schedule's replay key runs this schedule again.");
    }

    @Test
    void interrupted() {
        assertThat(InstanceMessages.interrupted().sentences())
                .isEqualTo("The scheduled run was interrupted while it waited for an instance. Expected the run to"
                        + " end, or to be given up by its limits. Fix: do not interrupt the thread that runs the"
                        + " schedule.");
    }

    @Test
    void databaseTime() {
        assertThat(InstanceMessages.databaseTime(
                                "relay-a",
                                "datetime('now')",
                                "UPDATE outbox SET claimed_until = datetime('now', '+30 seconds') WHERE claimed_until"
                                        + " < datetime('now')")
                        .sentences())
                .isEqualTo("relay-a runs on the kit's clock, but its statement \"UPDATE outbox SET claimed_until ="
                        + " datetime('now', '+30 seconds') WHERE claimed_until < datetime('now')\" reads the database's"
                        + " clock (datetime('now')), which the kit cannot move: a claim or lease it computes there does"
                        + " not expire when the kit's clock passes it. Expected the time of a claim or lease to come"
                        + " from the code under test. Fix: compute the time in Java from the Clock the code is given"
                        + " (or from a read of the time that the kit weaves) and pass it as a parameter, as in"
                        + " \"UPDATE outbox SET claimed_until = ? WHERE claimed_until < ?\"; docs/time.md.");
    }

    @Test
    void stallWithoutClock() {
        Instances relays = Instances.of("relay-a", () -> {}).and("relay-b", () -> {});
        assertThat(InstanceMessages.stallWithoutClock("relay-a:1,+31s,relay-b:1,relay-a:1", relays)
                        .sentences())
                .isEqualTo("The schedule \"relay-a:1,+31s,relay-b:1,relay-a:1\" stalls an instance, and the instances"
                        + " relay-a, relay-b have no kit clock to move past the stall. Expected instances on a kit"
                        + " clock, whose time the stall moves on. Fix: give them one with instances.withClock(clock) (a"
                        + " KitClock.start() that the code under test reads), or run a key without stalls.");
    }

    @Test
    void crashWithoutClock() {
        Instances relays = Instances.of("relay-a", () -> {}).and("relay-b", () -> {});
        assertThat(InstanceMessages.crashWithoutClock("relay-a:1,crash+31s,relay-b:1", relays)
                        .sentences())
                .isEqualTo("The schedule \"relay-a:1,crash+31s,relay-b:1\" moves the clock after a crash, and the"
                        + " instances relay-a, relay-b have no kit clock to move. Expected instances on a kit clock,"
                        + " whose time the crash moves on. Fix: give them one with instances.withClock(clock) (a"
                        + " KitClock.start() that the code under test reads), or crash without moving the clock (crash"
                        + " instead of crash+31s).");
    }
}
