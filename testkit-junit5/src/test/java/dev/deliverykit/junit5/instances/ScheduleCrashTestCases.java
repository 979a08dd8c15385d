package dev.deliverykit.junit5.instances;

import dev.deliverykit.Workload;
import dev.deliverykit.boundary.Instances;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.ScheduleScenario;
import dev.deliverykit.junit5.ScheduleSweep;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.junit5.fixtures.SqliteSource;
import dev.deliverykit.junit5.instances.fixtures.ClaimingRelay;
import dev.deliverykit.junit5.instances.fixtures.Relay;
import dev.deliverykit.junit5.instances.fixtures.UnclaimedOnlyRelay;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Two relays that claim with a 30 s lease on the kit's clock, swept by crashes after which 31 s pass, for
 * {@link ScheduleCrashTests}: one takes over rows whose lease ran out, its twin only rows nobody claimed.
 */
final class ScheduleCrashTestCases {

    private ScheduleCrashTestCases() {}

    /** The outbox of {@link ScheduleSweepTestCases.Outbox}, every row of which must reach the broker. */
    abstract static class LeasedOutbox extends ScheduleSweepTestCases.Outbox {
        @CheckInvariant
        Invariant noRowLost = Invariants.noLostIntent("no row lost")
                .intentsFrom(SqliteSource.in(() -> dir, "outbox.db"), "SELECT CAST(id AS TEXT) FROM outbox")
                .effectsIn(SqliteSource.in(() -> dir, "broker.db"), "sent", "message_id");

        /** Two relays, each made by {@code relay} from its name, with a 30 s lease on {@code clock}. */
        Instances relays(Relays relay, Clock clock) throws Exception {
            seed();
            Duration lease = Duration.ofSeconds(30);
            return Instances.of("relay-a", drain(relay, "relay-a", clock, lease))
                    .and("relay-b", drain(relay, "relay-b", clock, lease));
        }

        private Workload drain(Relays relay, String name, Clock clock, Duration lease) {
            return () -> relay.of(outbox(), broker(), name, clock, lease).drain();
        }

        /** {@code 1 relay-a}: each row the broker got and the relay that sent it, in arrival order. */
        List<String> sentBy() throws SQLException {
            List<String> rows = new ArrayList<>();
            try (Connection broker = DriverManager.getConnection(broker());
                    Statement statement = broker.createStatement();
                    ResultSet sent = statement.executeQuery("SELECT message_id, relay FROM sent ORDER BY rowid")) {
                while (sent.next()) {
                    rows.add(sent.getString(1) + " " + sent.getString(2));
                }
            }
            return rows;
        }
    }

    /** How a relay is made. */
    @FunctionalInterface
    interface Relays {
        Relay of(String outbox, String broker, String name, Clock clock, Duration lease);
    }

    // tag::crash[]
    @CrashTestKitOnly
    static class ReclaimingRelaysTestCases extends LeasedOutbox {
        @ScheduleSweep(kinds = SweepKind.COMMITS, crash = "31s")
        void everyRowReachesTheBroker(ScheduleScenario scenario) throws Exception {
            scenario.run(relays(ClaimingRelay::new, scenario.clock()));
        }
    }
    // end::crash[]

    @CrashTestKitOnly
    static class UnclaimedOnlyRelaysTestCases extends LeasedOutbox {
        @ScheduleSweep(kinds = SweepKind.COMMITS, crash = "31s")
        void everyRowReachesTheBroker(ScheduleScenario scenario) throws Exception {
            scenario.run(relays(UnclaimedOnlyRelay::new, scenario.clock()));
        }
    }

    /** The reclaiming relays, each case adding what the broker got to {@link #SENT_BY}. */
    @CrashTestKitOnly
    static class ReadBackTestCases extends LeasedOutbox {
        static final List<List<String>> SENT_BY = new ArrayList<>();

        @ScheduleSweep(kinds = SweepKind.COMMITS, crash = "31s")
        void everyRowReachesTheBroker(ScheduleScenario scenario) throws Exception {
            scenario.run(relays(ClaimingRelay::new, scenario.clock()));
            SENT_BY.add(sentBy());
        }
    }

    @CrashTestKitOnly
    static class TooManyCrashesTestCases extends LeasedOutbox {
        @ScheduleSweep(kinds = SweepKind.COMMITS, crash = "31s", maxSchedules = 3)
        void everyRowReachesTheBroker(ScheduleScenario scenario) throws Exception {
            scenario.run(relays(ClaimingRelay::new, scenario.clock()));
        }
    }

    @CrashTestKitOnly
    static class BadCrashTestCases {
        @ScheduleSweep(crash = "soon")
        void never(ScheduleScenario scenario) {}
    }

    @CrashTestKitOnly
    static class StallAndCrashTestCases {
        @ScheduleSweep(stall = "31s", crash = "31s")
        void never(ScheduleScenario scenario) {}
    }
}
