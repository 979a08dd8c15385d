package dev.deliverykit.junit5.postgres;

import static dev.deliverykit.junit5.fixtures.PrunedAndExhaustive.failed;
import static org.assertj.core.api.Assertions.assertThat;

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
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pruning on a real PostgreSQL server, whose JDBC transactions are opened with {@code setAutoCommit(false)} and whose
 * catalogue names the send to the warehouse as a method boundary: the reservation service's default sweep, pruned
 * and exhaustive, catches the mark-first variant at the same cells and passes the atomic-receipt variant both ways.
 */
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
