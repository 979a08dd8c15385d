package dev.deliverykit.junit5.instances;

import dev.deliverykit.boundary.Instances;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.ScheduleScenario;
import dev.deliverykit.junit5.ScheduleSweep;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.junit5.fixtures.SqliteSource;
import dev.deliverykit.junit5.instances.fixtures.CheckThenActConsumer;
import dev.deliverykit.junit5.instances.fixtures.ClaimingRelay;
import dev.deliverykit.junit5.instances.fixtures.Databases;
import dev.deliverykit.junit5.instances.fixtures.InsertFirstConsumer;
import dev.deliverykit.junit5.instances.fixtures.OutboxTables;
import dev.deliverykit.junit5.instances.fixtures.UnclaimedRelay;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.io.TempDir;

/** Two relays of one outbox and two members of a consumer group, swept by schedule, for {@link ScheduleSweepTests}. */
final class ScheduleSweepTestCases {

    private ScheduleSweepTestCases() {}

    static final Clock CLOCK = Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);

    /** Two relays over one outbox of two rows; each row must reach the broker once. */
    abstract static class Relays extends Outbox {
        @CheckInvariant
        Invariant eachRowSentOnce = Invariants.exactlyOncePerKey("each row sent once")
                .intentsFrom(SqliteSource.in(() -> dir, "outbox.db"), "SELECT CAST(id AS TEXT) FROM outbox")
                .effectsIn(SqliteSource.in(() -> dir, "broker.db"), "sent", "message_id");
    }

    /** An outbox of two rows and a broker, each in a SQLite file of its own. */
    abstract static class Outbox {
        @TempDir
        Path dir;

        String outbox() {
            return Databases.sqlite(dir.resolve("outbox.db"));
        }

        String broker() {
            return Databases.sqlite(dir.resolve("broker.db"));
        }

        void seed() throws Exception {
            OutboxTables.createOutbox(outbox());
            OutboxTables.seed(outbox(), 1, "A", "B");
            OutboxTables.createBroker(broker());
        }
    }

    @CrashTestKitOnly
    static class UnclaimedRelaysTestCases extends Relays {
        @ScheduleSweep(kinds = SweepKind.COMMITS, preemptionBound = 1)
        void eachRowReachesTheBrokerOnce(ScheduleScenario scenario) throws Exception {
            seed();
            scenario.run(Instances.of("relay-a", () -> new UnclaimedRelay(outbox(), broker(), "relay-a").drain())
                    .and("relay-b", () -> new UnclaimedRelay(outbox(), broker(), "relay-b").drain()));
        }
    }

    /** The unclaimed relays, their invariant asserted by the test rather than declared. */
    @CrashTestKitOnly
    static class AssertingUnclaimedRelaysTestCases {
        @TempDir
        Path dir;

        @ScheduleSweep(kinds = SweepKind.COMMITS, preemptionBound = 1)
        void eachRowReachesTheBrokerOnce(ScheduleScenario scenario) throws Exception {
            String outbox = Databases.sqlite(dir.resolve("outbox.db"));
            String broker = Databases.sqlite(dir.resolve("broker.db"));
            OutboxTables.createOutbox(outbox);
            OutboxTables.seed(outbox, 1, "A", "B");
            OutboxTables.createBroker(broker);
            scenario.run(Instances.of("relay-a", () -> new UnclaimedRelay(outbox, broker, "relay-a").drain())
                    .and("relay-b", () -> new UnclaimedRelay(outbox, broker, "relay-b").drain()));
            scenario.assertHolds(Invariants.exactlyOncePerKey("each row sent once")
                    .intentsFrom(SqliteSource.in(() -> dir, "outbox.db"), "SELECT CAST(id AS TEXT) FROM outbox")
                    .effectsIn(SqliteSource.in(() -> dir, "broker.db"), "sent", "message_id"));
        }
    }

    @CrashTestKitOnly
    static class ClaimingRelaysTestCases extends Relays {
        @ScheduleSweep(kinds = SweepKind.COMMITS, preemptionBound = 1)
        void eachRowReachesTheBrokerOnce(ScheduleScenario scenario) throws Exception {
            seed();
            Duration lease = Duration.ofSeconds(30);
            scenario.run(Instances.of(
                            "relay-a", () -> new ClaimingRelay(outbox(), broker(), "relay-a", CLOCK, lease).drain())
                    .and("relay-b", () -> new ClaimingRelay(outbox(), broker(), "relay-b", CLOCK, lease).drain()));
        }
    }

    // tag::members[]
    /** Two members of a group given message m1 at once; its effect must be applied once. */
    abstract static class Members {
        @TempDir
        Path dir;

        @CheckInvariant
        Invariant appliedOnce = Invariants.atMostOncePerKey()
                .effectsIn(SqliteSource.in(() -> dir, "inbox.db"), "effects", "message_id");

        String inbox() {
            return Databases.sqlite(dir.resolve("inbox.db"));
        }
    }

    @CrashTestKitOnly
    static class CheckThenActMembersTestCases extends Members {
        @ScheduleSweep
        void m1IsAppliedOnce(ScheduleScenario scenario) throws Exception {
            OutboxTables.createInbox(inbox());
            scenario.run(Instances.of("member-1", () -> new CheckThenActConsumer(inbox(), "member-1").consume("m1"))
                    .and("member-2", () -> new CheckThenActConsumer(inbox(), "member-2").consume("m1")));
        }
    }
    // end::members[]

    @CrashTestKitOnly
    static class InsertFirstMembersTestCases extends Members {
        @ScheduleSweep
        void m1IsAppliedOnce(ScheduleScenario scenario) throws Exception {
            OutboxTables.createInbox(inbox());
            scenario.run(Instances.of("member-1", () -> new InsertFirstConsumer(inbox(), "member-1").consume("m1"))
                    .and("member-2", () -> new InsertFirstConsumer(inbox(), "member-2").consume("m1")));
        }
    }

    /** Two writers of one SQLite file without a busy timeout: the second gets SQLITE_BUSY when the first holds. */
    @CrashTestKitOnly
    static class BusyWritersTestCases {
        @TempDir
        Path dir;

        @ScheduleSweep(kinds = SweepKind.COMMITS, preemptionBound = 1)
        void bothWrite(ScheduleScenario scenario) throws Exception {
            String url = Databases.sqlite(dir.resolve("busy.db")) + "?busy_timeout=0";
            Databases.update(url, "CREATE TABLE t (v TEXT)");
            scenario.run(Instances.of("writer-a", () -> write(url, "writer-a"))
                    .and("writer-b", () -> write(url, "writer-b")));
        }

        private static void write(String url, String writer) throws Exception {
            try (Connection connection = DriverManager.getConnection(url)) {
                connection.setAutoCommit(false);
                try (PreparedStatement insert = connection.prepareStatement("INSERT INTO t VALUES (?)")) {
                    insert.setString(1, writer);
                    insert.executeUpdate();
                }
                connection.commit();
            }
        }
    }

    @CrashTestKitOnly
    static class TooManySchedulesTestCases extends Members {
        @ScheduleSweep(maxSchedules = 3)
        void m1IsAppliedOnce(ScheduleScenario scenario) throws Exception {
            OutboxTables.createInbox(inbox());
            scenario.run(Instances.of("member-1", () -> new InsertFirstConsumer(inbox(), "member-1").consume("m1"))
                    .and("member-2", () -> new InsertFirstConsumer(inbox(), "member-2").consume("m1")));
        }
    }

    @CrashTestKitOnly
    static class NegativeBoundTestCases {
        @ScheduleSweep(preemptionBound = -1)
        void never(ScheduleScenario scenario) {}
    }

    @CrashTestKitOnly
    static class NoScenarioTestCases {
        @ScheduleSweep
        void never() {}
    }

    @CrashTestKitOnly
    static class WithCrashSweepTestCases {
        @ScheduleSweep
        @dev.deliverykit.junit5.CrashSweep
        void never(ScheduleScenario scenario) {}
    }
}
