package dev.deliverykit.junit5.instances;

import dev.deliverykit.boundary.Instances;
import dev.deliverykit.junit5.ScheduleScenario;
import dev.deliverykit.junit5.ScheduleSweep;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.junit5.instances.fixtures.StallableRelay;
import dev.deliverykit.junit5.instances.fixtures.StallableRelay.Fencing;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import java.time.Clock;
import java.time.Duration;

/** Two relays that claim with a 30 s lease, swept by stalls of 31 s, for {@link StallSweepTests}. */
final class StallSweepTestCases {

    private StallSweepTestCases() {}

    /** The relays of {@link ScheduleSweepTestCases.Relays}, claiming with a 30 s lease on the case's kit clock. */
    abstract static class LeasedRelays extends ScheduleSweepTestCases.Relays {

        /** The two relays, {@code fencing} both, seeded with an outbox of two rows in WAL mode. */
        Instances relays(Fencing fencing, Clock clock) throws Exception {
            StallableRelay.walMode(outbox());
            seed();
            Duration lease = Duration.ofSeconds(30);
            return Instances.of(
                            "relay-a",
                            () -> new StallableRelay(outbox(), broker(), "relay-a", clock, lease, fencing).drain())
                    .and(
                            "relay-b",
                            () -> new StallableRelay(outbox(), broker(), "relay-b", clock, lease, fencing).drain());
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
