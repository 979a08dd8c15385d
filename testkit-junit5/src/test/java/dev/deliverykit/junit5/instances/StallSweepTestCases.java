package dev.deliverykit.junit5.instances;

import dev.deliverykit.boundary.Instances;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.ScheduleScenario;
import dev.deliverykit.junit5.ScheduleSweep;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.junit5.fixtures.SqliteSource;
import dev.deliverykit.junit5.instances.fixtures.Databases;
import dev.deliverykit.junit5.instances.fixtures.OutboxTables;
import dev.deliverykit.junit5.instances.fixtures.StallableRelay;
import dev.deliverykit.junit5.instances.fixtures.StallableRelay.Fencing;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.io.TempDir;

/** Two relays that claim with a 30 s lease, swept by stalls of 31 s, for {@link StallSweepTests}. */
final class StallSweepTestCases {

    private StallSweepTestCases() {}

    /** Two relays over one outbox of two rows, on the case's kit clock; each row must reach the broker once. */
    abstract static class LeasedRelays {
        @TempDir
        Path dir;

        @CheckInvariant
        Invariant eachRowSentOnce = Invariants.exactlyOncePerKey("each row sent once")
                .intentsFrom(SqliteSource.in(() -> dir, "outbox.db"), "SELECT CAST(id AS TEXT) FROM outbox")
                .effectsIn(SqliteSource.in(() -> dir, "broker.db"), "sent", "message_id");

        /** The two relays, {@code fencing} both, seeded with an outbox of two rows. */
        Instances relays(Fencing fencing, Clock clock) throws Exception {
            String outbox = Databases.sqlite(dir.resolve("outbox.db"));
            String broker = Databases.sqlite(dir.resolve("broker.db"));
            StallableRelay.walMode(outbox);
            OutboxTables.createOutbox(outbox);
            OutboxTables.seed(outbox, 1, "A", "B");
            OutboxTables.createBroker(broker);
            Duration lease = Duration.ofSeconds(30);
            return Instances.of(
                            "relay-a",
                            () -> new StallableRelay(outbox, broker, "relay-a", clock, lease, fencing).drain())
                    .and("relay-b", () -> new StallableRelay(outbox, broker, "relay-b", clock, lease, fencing).drain());
        }
    }

    // tag::stall[]
    @CrashTestKitOnly
    static class UnfencedRelaysTestCases extends LeasedRelays {
        @ScheduleSweep(kinds = SweepKind.STATEMENTS, stall = "31s")
        void eachRowReachesTheBrokerOnce(ScheduleScenario scenario) throws Exception {
            scenario.run(relays(Fencing.UNFENCED, scenario.clock()));
        }
    }
    // end::stall[]

    @CrashTestKitOnly
    static class FencedRelaysTestCases extends LeasedRelays {
        @ScheduleSweep(kinds = SweepKind.STATEMENTS, stall = "31s")
        void eachRowReachesTheBrokerOnce(ScheduleScenario scenario) throws Exception {
            scenario.run(relays(Fencing.FENCED, scenario.clock()));
        }
    }

    @CrashTestKitOnly
    static class TooManyStallsTestCases extends LeasedRelays {
        @ScheduleSweep(kinds = SweepKind.STATEMENTS, stall = "31s", maxSchedules = 3)
        void eachRowReachesTheBrokerOnce(ScheduleScenario scenario) throws Exception {
            scenario.run(relays(Fencing.FENCED, scenario.clock()));
        }
    }

    @CrashTestKitOnly
    static class BadStallTestCases {
        @ScheduleSweep(stall = "soon")
        void never(ScheduleScenario scenario) {}
    }
}
