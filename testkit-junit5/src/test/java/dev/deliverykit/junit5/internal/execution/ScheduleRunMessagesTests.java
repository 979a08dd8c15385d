package dev.deliverykit.junit5.internal.execution;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.boundary.InstanceRun;
import dev.deliverykit.boundary.ScheduledRun;
import dev.deliverykit.boundary.TurnEnd;
import dev.deliverykit.schedule.Step;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ScheduleRunMessagesTests {

    @Test
    void failed() {
        Step end = Step.touchingEverything("the end");
        ScheduledRun run = new ScheduledRun(
                List.of(
                        new InstanceRun("writer-a", List.of(), end, Optional.empty(), List.of()),
                        new InstanceRun(
                                "writer-b",
                                List.of(),
                                end,
                                Optional.of("org.sqlite.SQLiteException: [SQLITE_BUSY] The database file is locked"),
                                List.of("inside a JDBC call on thread(s) writer-b"))),
                List.of(
                        new TurnEnd("writer-a", TurnEnd.Stop.HELD, 1, "before commit #1 in Writer.write"),
                        new TurnEnd("writer-b", TurnEnd.Stop.ENDED, 2, "the end")),
                Optional.of("Deadlock: no instance could go on for 10 s."),
                List.of());

        assertThat(ScheduleRunMessages.failed(run))
                .isEqualTo("writer-b threw org.sqlite.SQLiteException: [SQLITE_BUSY] The database file is locked\n"
                        + "writer-b did not end: inside a JDBC call on thread(s) writer-b\n"
                        + "Deadlock: no instance could go on for 10 s.\n"
                        + "Timeline: writer-a to before commit #1 in Writer.write, writer-b to the end\n"
                        + "Fix: make the code handle this order of calls, which production can take too (an error here"
                        + " is the one the code gets there); the replay key below runs this schedule again");
    }

    @Test
    void timeline() {
        assertThat(ScheduleRunMessages.timeline(List.of(
                        new TurnEnd("relay-a", TurnEnd.Stop.HELD, 9, "before commit #5 in UnclaimedRelay.drain"),
                        new TurnEnd(
                                "relay-a",
                                TurnEnd.Stop.STALLED,
                                9,
                                "before commit #5 in UnclaimedRelay.drain",
                                Duration.ofSeconds(31)),
                        new TurnEnd("relay-bb", TurnEnd.Stop.BLOCKED_IN_THE_DATABASE, 4, "after commit #2 in Row.send"),
                        new TurnEnd("relay-a", TurnEnd.Stop.ENDED, 10, "the end"),
                        new TurnEnd("relay-bb", TurnEnd.Stop.WAITING, 5, "after commit #3 in Row.send"),
                        new TurnEnd(
                                "relay-bb",
                                TurnEnd.Stop.CRASHED,
                                5,
                                "after commit #3 in Row.send",
                                Duration.ofSeconds(31)),
                        new TurnEnd("relay-a", TurnEnd.Stop.CRASHED, 10, "after commit #4 in Row.send"))))
                .isEqualTo("Timeline, a turn a line:\n"
                        + "relay-a   to before commit #5 in UnclaimedRelay.drain\n"
                        + "relay-a   stalled there for 31 s of the kit's clock\n"
                        + "relay-bb  to after commit #2 in Row.send, then blocked in the database\n"
                        + "relay-a   to the end\n"
                        + "relay-bb  to after commit #3 in Row.send, then waiting\n"
                        + "relay-bb  crashed there, then 31 s of the kit's clock passed\n"
                        + "relay-a   crashed there");
    }

    @Test
    void notes() {
        assertThat(ScheduleRunMessages.notes(List.of("relay-a reads the database's clock.", "relay-b does too.")))
                .isEqualTo("On the kit's clock:\n- relay-a reads the database's clock.\n- relay-b does too.");
    }
}
