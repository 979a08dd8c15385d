package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.schedule.Schedule;
import dev.deliverykit.schedule.SchedulePlan;
import dev.deliverykit.schedule.SchedulePlanner;
import dev.deliverykit.schedule.ScheduleStrategy;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two members of a consumer group given the same message at once, and what the database does between them. */
class ScheduledConsumersTest {

    private static final BoundaryEngine ENGINE = BoundaryEngine.get();
    private static final WatchList WATCH = WatchList.of().withEveryStatement().withEveryTransactionEnd();

    @TempDir
    Path dir;

    private static Instances checkThenAct(TwoConsumers inbox) {
        return Instances.of("consumer-1", () -> inbox.checkThenAct("consumer-1", "m1"))
                .and("consumer-2", () -> inbox.checkThenAct("consumer-2", "m1"));
    }

    private static Instances insertFirst(TwoConsumers inbox) {
        return Instances.of("consumer-1", () -> inbox.insertFirst("consumer-1", "m1"))
                .and("consumer-2", () -> inbox.insertFirst("consumer-2", "m1"));
    }

    @Test
    void checkThenActConsumersBothApplyWhenBothCheckBeforeEitherRecords() throws Exception {
        TwoConsumers inbox = new TwoConsumers(dir);
        inbox.reset();

        ScheduledRun run =
                ENGINE.runSchedule(WATCH, checkThenAct(inbox), "consumer-1:3,consumer-2:3,consumer-1:1,consumer-2:1");

        assertThat(inbox.effects("m1")).isEqualTo(2);
        // the query's row is read after its statement returns: each has read it by the point before its effect
        assertThat(run.timeline())
                .first()
                .extracting(TurnEnd::describe)
                .isEqualTo(
                        "consumer-1 to before statement \"INSERT INTO effects VALUES (?, ?)\" #1 in TwoConsumers.apply");
        assertThat(run.anyFailed()).isFalse();
    }

    @Test
    void theExhaustiveSweepFindsTheDoubleApplyAndNeverFaultsInsertFirst() throws Exception {
        TwoConsumers inbox = new TwoConsumers(dir);

        assertThat(sweep(inbox, checkThenAct(inbox))).contains(2);
        assertThat(sweep(inbox, insertFirst(inbox))).isNotEmpty().doesNotContain(2);
    }

    @Test
    void withoutABusyTimeoutTheSecondWriterGetsSqliteBusyAsInProduction() throws Exception {
        Path file = dir.resolve("busy.db");
        try (Connection setUp = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement statement = setUp.createStatement()) {
            statement.execute("CREATE TABLE t (v INTEGER)");
        }
        Instances writers =
                Instances.of("writer-a", () -> write(file, "writer-a")).and("writer-b", () -> write(file, "writer-b"));

        // writer-a holds after its insert, inside its transaction; writer-b's insert finds the database locked
        ScheduledRun run = ENGINE.runSchedule(WATCH, writers, "writer-a:2,writer-b:1,writer-a:1");

        assertThat(run.instance("writer-b").orElseThrow().failure())
                .hasValueSatisfying(failure -> assertThat(failure).contains("SQLITE_BUSY"));
        assertThat(run.instance("writer-a").orElseThrow().failure()).isEmpty();
    }

    private static void write(Path file, String writer) throws Exception {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file + "?busy_timeout=0")) {
            connection.setAutoCommit(false);
            try (Statement statement = connection.createStatement()) {
                statement.execute("INSERT INTO t VALUES (1)");
            }
            connection.commit();
        }
    }

    /** Each planned schedule's count of effects, in the planner's order. */
    private static List<Integer> sweep(TwoConsumers inbox, Instances instances) throws Exception {
        inbox.reset();
        ScheduledRun serial = ENGINE.runSchedule(WATCH, instances, "consumer-1:1,consumer-2:1");
        SchedulePlan plan = SchedulePlanner.plan(serial.steps(), new ScheduleStrategy.Exhaustive(2, true));
        List<Integer> effects = new ArrayList<>();
        for (Schedule schedule : plan.schedules()) {
            inbox.reset();
            ScheduledRun run = ENGINE.runSchedule(WATCH, instances, schedule.key());
            // SQLITE_BUSY may reach a consumer, as in production: the effects judge
            effects.add(inbox.effects("m1"));
        }
        return effects;
    }
}
