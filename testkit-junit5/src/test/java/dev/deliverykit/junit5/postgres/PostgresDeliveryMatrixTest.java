package dev.deliverykit.junit5.postgres;

import static dev.deliverykit.junit5.fixtures.ExactlyOnceFailures.invariantFailure;
import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.junit5.BoundaryCatalogueSource;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.CrashAt;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.postgres.reservation.DedupWarehouse;
import dev.deliverykit.junit5.postgres.reservation.NaiveWarehouse;
import dev.deliverykit.junit5.postgres.reservation.ReservationIntent;
import dev.deliverykit.junit5.postgres.reservation.ReservationOutbox;
import dev.deliverykit.junit5.postgres.reservation.ReservationService;
import dev.deliverykit.junit5.postgres.reservation.Warehouse;
import dev.deliverykit.junit5.postgres.reservation.WarehouseClient;
import dev.deliverykit.junit5.realstack.RealStack;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.Event;
import org.opentest4j.AssertionFailedError;

/**
 * The 3 x 5 crash matrix of protocols.md section 1 on a real PostgreSQL server: a reservation service written
 * with plain JDBC (no kit in it) in its three variants, crashed in this JVM by {@code @CrashAt} at the five
 * boundaries, recovered by new objects (resubmit, then resend pending rows), judged only by a class-level
 * "exactly once per key" invariant. The effect count N is read back with plain JDBC after every case.
 */
@RealStack
class PostgresDeliveryMatrixTest {

    /** Keeps the server up across the fixture runs below. */
    @RegisterExtension
    static final PostgresDatabases server = PostgresDatabases.named();

    static final ReservationIntent INTENT = new ReservationIntent("reserve42", "P-7", 1);

    /** N per variant and boundary, filled by the fixtures: "mark-first" -> {"before-send" -> 0, ...}. */
    static final Map<String, Map<String, Long>> EFFECTS = new LinkedHashMap<>();

    @TempDir
    Path reports;

    /** The whole test body of every variant: crash while submitting, recover, read N back. */
    abstract static class Variant {
        @RegisterExtension
        static final PostgresDatabases pg = PostgresDatabases.named("orchestrator", "warehouse");

        @CheckInvariant
        final Invariant exactlyOnce = exactlyOncePerKey(pg);

        abstract String label();

        abstract boolean markFirst();

        abstract Warehouse warehouse(String url);

        ReservationService service() {
            return reservationService(pg, warehouse(pg.url("warehouse")), markFirst());
        }

        @CrashAt({"before-submit", "before-send", "after-reserve", "after-send", "after-deliver"})
        void exactlyOneReservation(CrashScenario scenario) throws Exception {
            scenario.run(() -> service().submit(INTENT)); // dies at the boundary
            scenario.restart(
                    () -> { // a fresh process: new objects, same databases
                        ReservationService recovered = service();
                        recovered.submit(INTENT); // the caller never got an answer
                        recovered.recover();
                    });
            long effects = effects(pg.url("warehouse"));
            scenario.observe("effects", effects);
            String boundary = scenario.replayKey().replaceAll("^boundary=([a-z-]+);hit=1$", "$1");
            EFFECTS.computeIfAbsent(label(), k -> new LinkedHashMap<>()).put(boundary, effects); // in catalogue order
        }
    }

    @CrashTestKitOnly
    @BoundaryCatalogueSource(value = ReservationBoundaries.class, field = "MARK_FIRST")
    static class MarkFirstTestCases extends Variant {
        String label() {
            return "mark-first (write \"done\", then send)";
        }

        boolean markFirst() {
            return true;
        }

        Warehouse warehouse(String url) {
            return new NaiveWarehouse(url);
        }
    }

    @CrashTestKitOnly
    @BoundaryCatalogueSource(value = ReservationBoundaries.class, field = "WITHOUT_DEDUP")
    static class WithoutDedupTestCases extends Variant {
        String label() {
            return "outbox without receiver dedup";
        }

        boolean markFirst() {
            return false;
        }

        Warehouse warehouse(String url) {
            return new NaiveWarehouse(url);
        }
    }

    @CrashTestKitOnly
    @BoundaryCatalogueSource(value = ReservationBoundaries.class, field = "ATOMIC_RECEIPT")
    static class AtomicReceiptTestCases extends Variant {
        String label() {
            return "outbox + atomic receiver receipt";
        }

        boolean markFirst() {
            return false;
        }

        Warehouse warehouse(String url) {
            return new DedupWarehouse(url);
        }
    }

    /** "Exactly once per key" over the outbox of this case's orchestrator database and its warehouse's effects. */
    static Invariant exactlyOncePerKey(PostgresDatabases pg) {
        return Invariants.exactlyOncePerKey()
                .intentsFrom(pg.source("orchestrator"), "SELECT 'tenantA:' || command_id FROM outbox")
                .effectsIn(pg.source("warehouse"), "effect", "intent_id");
    }

    /** A fresh reservation service on this case's databases: new objects, the same schemas. */
    static ReservationService reservationService(PostgresDatabases pg, Warehouse warehouse, boolean markFirst) {
        return new ReservationService(
                new ReservationOutbox(pg.url("orchestrator")), new WarehouseClient("tenantA", warehouse), markFirst);
    }

    static long effects(String warehouseUrl) throws SQLException {
        try (Connection c = PostgresServer.connect(warehouseUrl);
                PreparedStatement count = c.prepareStatement("SELECT count(*) FROM effect WHERE intent_id = ?")) {
            count.setString(1, "tenantA:reserve42:1:0");
            try (ResultSet rows = count.executeQuery()) {
                rows.next();
                return rows.getLong(1);
            }
        }
    }

    static final String LOST = "  lost intent: 1 key\n    tenantA:reserve42:1:0: found 0 effects, expected exactly 1";
    static final String DUPLICATE =
            "  duplicate effect: 1 key\n    tenantA:reserve42:1:0: found 2 effects, expected exactly 1";

    @Test
    void markFirstLosesTheIntentOnlyWhenItDiesBeforeTheSend() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(MarkFirstTestCases.class);

        assertThat(results)
                .hasNumberOfStartedCases(5)
                .hasNumberOfSucceededCases(4)
                .hasNumberOfFailedCases(1)
                .hasNumberOfAbortedCases(0)
                .hasNumberOfSkippedCases(0);
        assertThat(results)
                .hasFailedCase("[2] crash at before-send #1")
                .withExceptionInstanceOf(AssertionFailedError.class)
                .withMessage(invariantFailure("Variant", "before-send", "1 intent key, 0 effect rows", LOST));
        assertThat(outcomes(results))
                .containsExactly(
                        "[1] crash at before-submit #1: passed",
                        "[2] crash at before-send #1: failed",
                        "[3] crash at after-reserve #1: passed",
                        "[4] crash at after-send #1: passed",
                        "[5] crash at after-deliver #1: passed");
    }

    @Test
    void outboxWithoutDedupDoublesTheEffectWhenItDiesAfterTheReserveAndBeforeTheSendReturns() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(WithoutDedupTestCases.class);

        assertThat(results)
                .hasNumberOfStartedCases(5)
                .hasNumberOfSucceededCases(3)
                .hasNumberOfFailedCases(2)
                .hasNumberOfAbortedCases(0)
                .hasNumberOfSkippedCases(0);
        assertThat(results)
                .hasFailedCase("[3] crash at after-reserve #1")
                .withExceptionInstanceOf(AssertionFailedError.class)
                .withMessage(invariantFailure("Variant", "after-reserve", "1 intent key, 2 effect rows", DUPLICATE));
        assertThat(results)
                .hasFailedCase("[4] crash at after-send #1")
                .withExceptionInstanceOf(AssertionFailedError.class)
                .withMessage(invariantFailure("Variant", "after-send", "1 intent key, 2 effect rows", DUPLICATE));
        assertThat(outcomes(results))
                .containsExactly(
                        "[1] crash at before-submit #1: passed",
                        "[2] crash at before-send #1: passed",
                        "[3] crash at after-reserve #1: failed",
                        "[4] crash at after-send #1: failed",
                        "[5] crash at after-deliver #1: passed");
    }

    @Test
    void outboxWithAtomicReceiptPassesAtEveryBoundary() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(AtomicReceiptTestCases.class);

        assertThat(results)
                .hasNumberOfStartedCases(5)
                .hasNumberOfSucceededCases(5)
                .hasNumberOfFailedCases(0)
                .hasNumberOfAbortedCases(0)
                .hasNumberOfSkippedCases(0);
        assertThat(results).hasNumberOfFailedContainers(0);
    }

    @Test
    void theWholeMatrixIsProtocolsMdSection1AndTheSameInFiveRunsInARow() {
        List<List<String>> outcomes = new ArrayList<>();
        List<String> matrices = new ArrayList<>();
        for (int run = 0; run < 5; run++) {
            EFFECTS.clear();
            outcomes.add(outcomes(CrashTestKit.reportingTo(reports)
                    .run(MarkFirstTestCases.class, WithoutDedupTestCases.class, AtomicReceiptTestCases.class)));
            matrices.add(matrix());
        }

        assertThat(matrices.get(0)).isEqualTo("""
                | protocol | 0 | 1 | 2 | 3 | 4 |
                | --- | --- | --- | --- | --- | --- |
                | mark-first (write "done", then send) | 1 | **0** | 1 | 1 | 1 |
                | outbox without receiver dedup | 1 | 1 | **2** | **2** | 1 |
                | outbox + atomic receiver receipt | 1 | 1 | 1 | 1 | 1 |
                """);
        assertThat(matrices).containsOnly(matrices.get(0));
        assertThat(outcomes.get(0)).hasSize(15);
        assertThat(outcomes).containsOnly(outcomes.get(0));
    }

    /** The matrix as protocols.md writes it, N in bold where it is not 1. */
    static String matrix() {
        StringBuilder table =
                new StringBuilder("| protocol | 0 | 1 | 2 | 3 | 4 |\n| --- | --- | --- | --- | --- | --- |\n");
        EFFECTS.forEach((protocol, cells) -> table.append("| ")
                .append(protocol)
                .append(" | ")
                .append(cells.values().stream()
                        .map(n -> n == 1 ? "1" : "**" + n + "**")
                        .collect(Collectors.joining(" | ")))
                .append(" |\n"));
        return table.toString();
    }

    /** "display name: passed|failed" for each finished test, with the failure's message, in the order run. */
    static List<String> outcomes(CrashTestResults results) {
        return results.testEvents().finished().stream()
                .map(PostgresDeliveryMatrixTest::outcome)
                .toList();
    }

    private static String outcome(Event event) {
        var result = event.getRequiredPayload(TestExecutionResult.class);
        String name = event.getTestDescriptor().getDisplayName();
        return switch (result.getStatus()) {
            case SUCCESSFUL -> name + ": passed";
            case FAILED -> name + ": failed";
            case ABORTED ->
                name + ": aborted "
                        + result.getThrowable().map(Throwable::getMessage).orElse("");
        };
    }
}
