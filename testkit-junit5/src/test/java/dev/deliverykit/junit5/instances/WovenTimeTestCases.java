package dev.deliverykit.junit5.instances;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.boundary.Instances;
import dev.deliverykit.junit5.ScheduleScenario;
import dev.deliverykit.junit5.ScheduleSweep;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.junit5.instances.fixtures.Databases;
import dev.deliverykit.junit5.instances.fixtures.MillisLeaseRelay;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.time.KitClock;
import dev.deliverykit.time.TimeReads;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;

/** Relays that read the time themselves, on the case's clock, for {@link WovenTimeTests}. */
final class WovenTimeTestCases {

    private WovenTimeTestCases() {}

    /** Where a claim made 31 s after the clock's start leases a row until: 61 s after it, in epoch milliseconds. */
    static final String LEASE_AFTER_TAKE_OVER =
            String.valueOf(KitClock.START.plusSeconds(61).toEpochMilli());

    /** Two relays over an outbox of two rows that nobody claimed. */
    abstract static class Leases {
        @TempDir
        Path dir;

        String outbox() {
            return Databases.sqlite(dir.resolve("outbox.db"));
        }

        MillisLeaseRelay relay(String name) {
            return new MillisLeaseRelay(outbox(), name);
        }

        // tag::take-over[]
        /** relay-a claims; relay-b, 31 s later on the case's clock, claims what ran out: each row ends leased at 61 s. */
        void takeOver(ScheduleScenario scenario) throws Exception {
            MillisLeaseRelay.createOutbox(outbox(), 2);
            scenario.run(Instances.of("relay-a", () -> relay("relay-a").claim()).and("relay-b", () -> {
                scenario.clock().advance(Duration.ofSeconds(31));
                relay("relay-b").claim();
            }));
            List<String> leases = Databases.strings(outbox(), "SELECT claimed_until FROM outbox");
            assertThat(leases.stream().allMatch(LEASE_AFTER_TAKE_OVER::equals))
                    .as("every row leased until 61 s after the kit's clock's start, whoever claimed it last")
                    .isTrue();
        }
        // end::take-over[]
    }

    // tag::woven[]
    @CrashTestKitOnly
    static class WovenLeaseTestCases extends Leases {
        @ScheduleSweep(kinds = SweepKind.STATEMENTS, time = TimeReads.WOVEN)
        void aLeaseRunsOutOnTheKitsClock(ScheduleScenario scenario) throws Exception {
            takeOver(scenario);
        }
    }
    // end::woven[]

    @CrashTestKitOnly
    static class GivenLeaseTestCases extends Leases {
        @ScheduleSweep(kinds = SweepKind.STATEMENTS)
        void aLeaseRunsOutOnTheKitsClock(ScheduleScenario scenario) throws Exception {
            takeOver(scenario);
        }
    }

    @CrashTestKitOnly
    static class DatabaseLeaseTestCases extends Leases {
        @ScheduleSweep(kinds = SweepKind.STATEMENTS, time = TimeReads.WOVEN)
        void aLeaseRunsOutOnTheKitsClock(ScheduleScenario scenario) throws Exception {
            MillisLeaseRelay.createOutbox(outbox(), 2);
            scenario.run(Instances.of("relay-a", () -> relay("relay-a").claimOnDatabaseTime())
                    .and("relay-b", () -> {
                        scenario.clock().advance(Duration.ofSeconds(31));
                        relay("relay-b").claimOnDatabaseTime();
                    }));
            assertThat(relay("relay-b").claimed()).as("rows relay-b took over").isEqualTo(2);
        }
    }

    @CrashTestKitOnly
    static class BackingOffTestCases extends Leases {
        @ScheduleSweep(kinds = SweepKind.STATEMENTS, time = TimeReads.WOVEN)
        void aBackoffPassesOnTheKitsClock(ScheduleScenario scenario) throws Exception {
            MillisLeaseRelay.createOutbox(outbox(), 2);
            scenario.run(Instances.of("relay-a", () -> relay("relay-a").claim())
                    .and("relay-b", () -> relay("relay-b").claimWithBackoff(3)));
            // relay-b claims first, or backs off twice (30 s each) until relay-a's 30 s lease has run out
            assertThat(relay("relay-b").claimed()).isEqualTo(2);
            assertThat(scenario.clock().elapsed()).isIn(Duration.ZERO, Duration.ofSeconds(60));
        }
    }
}
