package dev.deliverykit.junit5.postgres;

import static dev.deliverykit.junit5.fixtures.PrunedAndExhaustive.failed;
import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.Fault;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.junit5.BoundaryCatalogueSource;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.fixtures.PrunedAndExhaustive;
import dev.deliverykit.junit5.postgres.reservation.DedupWarehouse;
import dev.deliverykit.junit5.postgres.reservation.NaiveWarehouse;
import dev.deliverykit.junit5.postgres.reservation.ReservationService;
import dev.deliverykit.junit5.postgres.reservation.Warehouse;
import dev.deliverykit.junit5.realstack.RealStack;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pruning on a real PostgreSQL server, whose JDBC transactions are opened with {@code setAutoCommit(false)} and whose
 * catalogue names the send to the warehouse as a method boundary: the reservation service's default sweep, pruned
 * and exhaustive, catches the mark-first variant at the same cells and passes the atomic-receipt variant both ways.
 */
@RealStack
class PrunedPostgresSweepsTest {

    /** Keeps the server up across the fixture runs below. */
    @RegisterExtension
    static final PostgresDatabases server = PostgresDatabases.named();

    @TempDir
    Path dir;

    /** Submit, crash at every commit, write and catalogue boundary, recover: the matrix test's body, swept. */
    abstract static class Sweep {
        @RegisterExtension
        static final PostgresDatabases pg = PostgresDatabases.named("orchestrator", "warehouse");

        @CheckInvariant
        final Invariant exactlyOnce = PostgresDeliveryMatrixTest.exactlyOncePerKey(pg);

        abstract boolean markFirst();

        abstract Warehouse warehouse(String url);

        ReservationService service() {
            return PostgresDeliveryMatrixTest.reservationService(pg, warehouse(pg.url("warehouse")), markFirst());
        }

        @CrashSweep(sql = "^(INSERT|UPDATE|DELETE)")
        void exactlyOneReservation(CrashScenario scenario) throws Exception {
            scenario.run(() -> service().submit(PostgresDeliveryMatrixTest.INTENT));
            scenario.restart(() -> {
                ReservationService recovered = service();
                recovered.submit(PostgresDeliveryMatrixTest.INTENT);
                recovered.recover();
            });
        }
    }

    @CrashTestKitOnly
    @BoundaryCatalogueSource(value = ReservationBoundaries.class, field = "MARK_FIRST")
    static class MarkFirstTestCases extends Sweep {
        boolean markFirst() {
            return true;
        }

        Warehouse warehouse(String url) {
            return new NaiveWarehouse(url);
        }
    }

    @CrashTestKitOnly
    @BoundaryCatalogueSource(value = ReservationBoundaries.class, field = "ATOMIC_RECEIPT")
    static class AtomicReceiptTestCases extends Sweep {
        boolean markFirst() {
            return false;
        }

        Warehouse warehouse(String url) {
            return new DedupWarehouse(url);
        }
    }

    /** The reservation service with every statement, commit and catalogue call failing once while it lives on. */
    abstract static class UnderFailures {
        @RegisterExtension
        static final PostgresDatabases pg = PostgresDatabases.named("orchestrator", "warehouse");

        @CheckInvariant
        final Invariant exactlyOnce = PostgresDeliveryMatrixTest.exactlyOncePerKey(pg);

        abstract boolean markFirst();

        abstract Warehouse warehouse(String url);

        @CrashSweep(sql = "^(INSERT|UPDATE|DELETE)", faults = Fault.FAILURE)
        void exactlyOneReservation(CrashScenario scenario) throws Exception {
            scenario.run(() -> service().submit(PostgresDeliveryMatrixTest.INTENT));
            scenario.restart(() -> {
                ReservationService recovered = service();
                recovered.submit(PostgresDeliveryMatrixTest.INTENT);
                recovered.recover();
            });
        }

        private ReservationService service() {
            return PostgresDeliveryMatrixTest.reservationService(pg, warehouse(pg.url("warehouse")), markFirst());
        }
    }

    @CrashTestKitOnly
    @BoundaryCatalogueSource(value = ReservationBoundaries.class, field = "ATOMIC_RECEIPT")
    static class AtomicReceiptUnderFailuresTestCases extends UnderFailures {
        boolean markFirst() {
            return false;
        }

        Warehouse warehouse(String url) {
            return new DedupWarehouse(url);
        }
    }

    @CrashTestKitOnly
    @BoundaryCatalogueSource(value = ReservationBoundaries.class, field = "MARK_FIRST")
    static class MarkFirstUnderFailuresTestCases extends UnderFailures {
        boolean markFirst() {
            return true;
        }

        Warehouse warehouse(String url) {
            return new NaiveWarehouse(url);
        }
    }

    /** On PostgreSQL too, correct code passes every injected failure, and the mark-first service is caught. */
    @Test
    void theAtomicReceiptPassesEveryInjectedFailureAndMarkFirstIsCaught() {
        CrashTestResults correct =
                CrashTestKit.reportingTo(dir.resolve("atomic")).run(AtomicReceiptUnderFailuresTestCases.class);
        CrashTestResults broken =
                CrashTestKit.reportingTo(dir.resolve("mark-first")).run(MarkFirstUnderFailuresTestCases.class);

        assertThat(correct).hasNumberOfStartedCases(22).hasNumberOfSucceededCases(22);
        assertThat(broken).hasNumberOfStartedCases(20).hasNumberOfSucceededCases(15);
        assertThat(broken.failedCases())
                .containsExactly(
                        "[12] fail after commit #1 in ReservationOutbox.markDone (via ServiceDb.inTransaction)",
                        "[13] fail at before-send #1 in WarehouseClient.send",
                        "[14] fail before statement \"INSERT INTO effect(intent_id, payload) VALUES (?…\" #1 in"
                                + " DedupWarehouse.insertEffect",
                        "[15] fail after statement \"INSERT INTO effect(intent_id, payload) VALUES (?…\" #1 in"
                                + " DedupWarehouse.insertEffect",
                        "[16] fail before commit #1 in NaiveWarehouse.book (via ServiceDb.inTransaction)");
    }

    @Test
    void markFirstIsCaughtPrunedWhereItIsCaughtExhaustively() {
        PrunedAndExhaustive runs = PrunedAndExhaustive.run(MarkFirstTestCases.class, dir);

        runs.assertPruningHidesNothing();
        assertThat(failed(runs.pruned())).isNotEmpty();
        assertThat(runs.pruned().size()).isLessThan(runs.exhaustive().size());
    }

    @Test
    void theAtomicReceiptPassesBothWays() {
        PrunedAndExhaustive runs = PrunedAndExhaustive.run(AtomicReceiptTestCases.class, dir);

        runs.assertPruningHidesNothing();
        assertThat(failed(runs.exhaustive())).isEmpty();
        assertThat(runs.pruned().size()).isLessThan(runs.exhaustive().size());
    }
}
