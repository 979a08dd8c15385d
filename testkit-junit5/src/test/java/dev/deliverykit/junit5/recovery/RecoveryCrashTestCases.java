package dev.deliverykit.junit5.recovery;

import dev.deliverykit.CrashMode;
import dev.deliverykit.boundary.BoundaryCatalogue;
import dev.deliverykit.boundary.Selector;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.junit5.BoundaryCatalogueSource;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.junit5.fixtures.SqliteSource;
import dev.deliverykit.junit5.fixtures.WarehouseReservation;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.reference.outbox.DeliveryProtocol;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sweeps that crash recoveries, run by {@link RecoveryCrashTests}: what the test JVM read back from the receiver's
 * file after the last recovery goes into {@link #SEEN}.
 */
final class RecoveryCrashTestCases {

    /** Per case that ran to its end: its replay key and the receiver's delivery keys, read with plain JDBC. */
    static final List<String> SEEN = new CopyOnWriteArrayList<>();

    /** The one boundary of the child-mode sweep: after the receiver's insert, before its commit. */
    public static final BoundaryCatalogue EFFECT = BoundaryCatalogue.builder("relay")
            .add("effect-inserted", Selector.afterStatement("^INSERT INTO effect"))
            .build();

    private RecoveryCrashTestCases() {}

    /** Publishes {@code m-1} (the workload that dies), recovers, and records what the receiver holds. */
    // tag::publish-and-recover[]
    static void publishAndRecover(CrashScenario scenario, Path dir) throws Exception {
        scenario.run(() -> publish(dir)); // dies at the case's commit
        scenario.restart(() -> recover(dir)); // recorded; in a recovery crash case: dies at its commit, then runs again
        SEEN.add(scenario.replayKey() + " " + Relay.deliveryKeys(dir)); // read back with plain JDBC
    }

    static void publish(Path dir) throws SQLException {
        try (Relay relay = Relay.in(dir)) {
            relay.publish("m-1");
        }
    }

    static void recover(Path dir) throws SQLException {
        try (Relay relay = Relay.in(dir)) {
            relay.recover();
        }
    }
    // end::publish-and-recover[]

    /** "Exactly once per message" over the outbox and the receiver's effects. */
    static Invariant exactlyOncePerMessage(Supplier<Path> dir) {
        return Invariants.exactlyOncePerKey()
                .intentsFrom(SqliteSource.in(dir, "outbox.db"), "SELECT message_id FROM outbox")
                .effectsIn(SqliteSource.in(dir, "inbox.db"), "effect", "message_id");
    }

    /** The relay swept at every commit, without crashing its recovery: every case passes. */
    @CrashTestKitOnly
    static class PlainSweep {
        @TempDir
        Path dir;

        @CheckInvariant
        Invariant exactlyOnce = exactlyOncePerMessage(() -> dir);

        @CrashSweep(kinds = SweepKind.COMMITS)
        void publishedOnce(CrashScenario scenario) throws Exception {
            publishAndRecover(scenario, dir);
        }
    }

    /** The same sweep crashing every recovery at each of its commits: the recovery that is not idempotent fails. */
    @CrashTestKitOnly
    // tag::recovery-sweep[]
    static class RecoveryCrashed {
        @TempDir
        Path dir;

        @CheckInvariant
        Invariant exactlyOnce = exactlyOncePerMessage(() -> dir);

        @CrashSweep(kinds = SweepKind.COMMITS, crashRecovery = true)
        void publishedOnce(CrashScenario scenario) throws Exception {
            publishAndRecover(scenario, dir);
        }
    }
    // end::recovery-sweep[]

    /** The same with a cap below the 24 recovery hits. */
    @CrashTestKitOnly
    static class OverTheCap {
        @TempDir
        Path dir;

        @CrashSweep(kinds = SweepKind.COMMITS, crashRecovery = true, maxRecoveryCases = 10)
        void publishedOnce(CrashScenario scenario) throws Exception {
            publishAndRecover(scenario, dir);
        }
    }

    /** Two restarts in a row, each saying when it starts and returns: only the first is crashed, then run again. */
    @CrashTestKitOnly
    static class TwoRestarts {
        @TempDir
        Path dir;

        @CrashSweep(kinds = SweepKind.COMMITS, crashRecovery = true)
        void publishedOnce(CrashScenario scenario) throws Exception {
            scenario.run(() -> publish(dir));
            scenario.restart(() -> recoverSaying("first restart"));
            scenario.restart(() -> recoverSaying("second restart"));
            SEEN.add(scenario.replayKey() + " " + Relay.deliveryKeys(dir));
        }

        private void recoverSaying(String which) throws Exception {
            SEEN.add(which + " started");
            recover(dir);
            SEEN.add(which + " returned");
        }
    }

    /** Crashing recoveries, but the test never recovers. */
    @CrashTestKitOnly
    static class NeverRestarts {
        @TempDir
        Path dir;

        @CrashSweep(kinds = SweepKind.COMMITS, crashRecovery = true)
        void publishedOnce(CrashScenario scenario) throws Exception {
            scenario.run(() -> publish(dir));
        }
    }

    /** Crashing recoveries, but the recovery reaches no commit. */
    @CrashTestKitOnly
    static class RecoveryWithoutCommits {
        @TempDir
        Path dir;

        @CrashSweep(kinds = SweepKind.COMMITS, crashRecovery = true)
        void publishedOnce(CrashScenario scenario) throws Exception {
            scenario.run(() -> publish(dir));
            scenario.restart(() -> Relay.in(dir).close());
        }
    }

    /** The first crash as a real process exit, the recovery crashed in this JVM, at one catalogue boundary. */
    @CrashTestKitOnly
    @BoundaryCatalogueSource(value = RecoveryCrashTestCases.class, field = "EFFECT")
    static class FirstCrashInAChild {
        @TempDir
        Path dir;

        @CheckInvariant
        Invariant exactlyOnce = exactlyOncePerMessage(() -> dir);

        @CrashSweep(kinds = SweepKind.CATALOGUE, crashRecovery = true, mode = CrashMode.CHILD_PROCESS)
        void publishedOnce(CrashScenario scenario) throws Exception {
            publishAndRecover(scenario, dir);
        }
    }

    /** The reference outbox with the receiver's atomic receipt, every recovery crashed at each of its commits. */
    @CrashTestKitOnly
    static class ReferenceOutbox {
        @TempDir
        Path dir;

        @CheckInvariant
        Invariant exactlyOnce = WarehouseReservation.exactlyOncePerKey(() -> dir);

        @CrashSweep(kinds = SweepKind.COMMITS, crashRecovery = true)
        void exactlyOneReservation(CrashScenario scenario) throws Exception {
            WarehouseReservation.crashAndRecover(scenario, DeliveryProtocol.OUTBOX_WITH_ATOMIC_RECEIPT, dir);
        }
    }
}
