package dev.deliverykit.junit5.postgres;

import dev.deliverykit.boundary.Instances;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.invariant.JdbcSource;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.ScheduleScenario;
import dev.deliverykit.junit5.ScheduleSweep;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Two relays of one PostgreSQL outbox of two rows, swept by schedule, for {@link PostgresRelaysTest}. */
final class PostgresRelaysTestCases {

    private PostgresRelaysTestCases() {}

    abstract static class Relays {
        @RegisterExtension
        static final PostgresDatabases pg = PostgresDatabases.named("outbox", "broker");

        @CheckInvariant
        final Invariant eachRowSentOnce = Invariants.exactlyOncePerKey("each row sent once")
                .intentsFrom(JdbcSource.url(() -> pg.url("outbox")), "SELECT CAST(id AS TEXT) FROM outbox")
                .effectsIn(JdbcSource.url(() -> pg.url("broker")), "sent", "message_id");

        abstract String lock();

        @ScheduleSweep(preemptionBound = 1)
        void eachRowReachesTheBrokerOnce(ScheduleScenario scenario) throws Exception {
            String outbox = pg.url("outbox");
            String broker = pg.url("broker");
            PostgresRelays.createTables(outbox, broker, 2);
            scenario.run(Instances.of("relay-a", () -> PostgresRelays.drain(outbox, broker, "relay-a", lock()))
                    .and("relay-b", () -> PostgresRelays.drain(outbox, broker, "relay-b", lock())));
        }
    }

    @CrashTestKitOnly
    static class PlainReadTestCases extends Relays {
        @Override
        String lock() {
            return "";
        }
    }

    @CrashTestKitOnly
    static class ForUpdateTestCases extends Relays {
        @Override
        String lock() {
            return "FOR UPDATE";
        }
    }

    @CrashTestKitOnly
    static class SkipLockedTestCases extends Relays {
        @Override
        String lock() {
            return "FOR UPDATE SKIP LOCKED";
        }
    }
}
