package dev.deliverykit.invariant;

import static dev.deliverykit.invariant.TestDatabases.source;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.boundary.BoundaryEngine;
import dev.deliverykit.boundary.CrashPlan;
import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.StoreException;
import dev.deliverykit.reference.outbox.DeliveryBoundary;
import dev.deliverykit.reference.outbox.DeliveryProtocol;
import dev.deliverykit.reference.outbox.Orchestrator;
import dev.deliverykit.reference.outbox.ReservationIntent;
import dev.deliverykit.reference.outbox.SubmitOutcome;
import dev.deliverykit.reference.scenarios.ReferenceBoundaries;
import dev.deliverykit.testsupport.Db;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The exactly-once invariant judges the seed-002 reference (section 1 of protocols.md) through its tables
 * only: the orchestrator's {@code outbox.command_id} against the warehouse's {@code effect(tenant, intent_id)}.
 */
class ReferenceOutboxInvariantsTest {

    private static final ReservationIntent INTENT = new ReservationIntent("reserve42", "P-7", 1);
    private static final String REJECT_EFFECT_INSERT = "CREATE TRIGGER reject_effect BEFORE INSERT ON effect"
            + " BEGIN SELECT RAISE(ABORT, 'injected fault: the warehouse rejects the booking'); END";

    @TempDir
    Path dir;

    private static Invariant exactlyOnce(SqliteDatabase orchestratorDb, SqliteDatabase warehouseDb) {
        return Invariants.exactlyOncePerKey()
                .intentsFrom(source(orchestratorDb.file(), "orchestrator.db"), "SELECT command_id FROM outbox")
                .effectsIn(source(warehouseDb.file(), "warehouse.db"), "effect", "intent_id");
    }

    @Test
    void markFirstWithAFailingSendLosesTheIntentAndRecoveryCannotBringItBack() {
        SqliteDatabase orchestratorDb = SqliteDatabase.at(dir.resolve("orchestrator.db"));
        SqliteDatabase warehouseDb = SqliteDatabase.at(dir.resolve("warehouse.db"));
        try (Orchestrator orchestrator =
                new Orchestrator(DeliveryProtocol.MARK_FIRST, "tenantA", orchestratorDb, warehouseDb)) {
            Db.execute(warehouseDb.file(), REJECT_EFFECT_INSERT);
            assertThatThrownBy(() -> orchestrator.submit(INTENT))
                    .isInstanceOf(StoreException.class)
                    .hasMessage("reserve tenantA:reserve42:1:0 without dedup failed on "
                            + dir.resolve("warehouse.db")
                            + ": [SQLITE_CONSTRAINT_TRIGGER] A RAISE function within a trigger fired, causing the SQL"
                            + " statement to abort (injected fault: the warehouse rejects the booking); the transaction"
                            + " was rolled back and nothing was written.");
        }
        Db.execute(warehouseDb.file(), "DROP TRIGGER reject_effect");
        try (Orchestrator recovered =
                new Orchestrator(DeliveryProtocol.MARK_FIRST, "tenantA", orchestratorDb, warehouseDb)) {
            assertThat(recovered.submit(INTENT).outcome()).isEqualTo(SubmitOutcome.ALREADY_RECORDED);
            assertThat(recovered.recover()).isEmpty();
        }

        InvariantResult result = exactlyOnce(orchestratorDb, warehouseDb).check();

        assertThat(result.message()).isEqualTo("""
                exactly once per key: violated (checked 1 intent key, 0 effect rows)
                  lost intent: 1 key
                    reserve42:1:0: found 0 effects, expected exactly 1""");
    }

    @Test
    void theAtomicReceiptProtocolResendsAfterTheFailedSendAndHolds() {
        SqliteDatabase orchestratorDb = SqliteDatabase.at(dir.resolve("orchestrator.db"));
        SqliteDatabase warehouseDb = SqliteDatabase.at(dir.resolve("warehouse.db"));
        try (Orchestrator orchestrator =
                new Orchestrator(DeliveryProtocol.OUTBOX_WITH_ATOMIC_RECEIPT, "tenantA", orchestratorDb, warehouseDb)) {
            Db.execute(warehouseDb.file(), REJECT_EFFECT_INSERT);
            assertThatThrownBy(() -> orchestrator.submit(INTENT)).isInstanceOf(StoreException.class);
        }
        Invariant exactlyOnce = exactlyOnce(orchestratorDb, warehouseDb);
        assertThat(exactlyOnce.check().violations())
                .extracting(Violation::kind)
                .containsExactly(ViolationKind.LOST_INTENT);

        Db.execute(warehouseDb.file(), "DROP TRIGGER reject_effect");
        try (Orchestrator recovered =
                new Orchestrator(DeliveryProtocol.OUTBOX_WITH_ATOMIC_RECEIPT, "tenantA", orchestratorDb, warehouseDb)) {
            recovered.recover();
        }

        assertThat(exactlyOnce.check().message())
                .isEqualTo("exactly once per key: holds (checked 1 intent key, 1 effect row)");
    }

    /**
     * One cell of the matrix from a real crash: {@code submit} dies in this JVM at the cell's boundary of
     * {@link ReferenceBoundaries}, then new instances resubmit the intent and {@code recover()}.
     */
    private static void crashAtAndRecover(
            DeliveryProtocol protocol,
            DeliveryBoundary boundary,
            SqliteDatabase orchestratorDb,
            SqliteDatabase warehouseDb) {
        BoundaryEngine.get()
                .crashInProcess(
                        CrashPlan.at(
                                ReferenceBoundaries.catalogue(),
                                ReferenceBoundaries.deliveryBoundary(protocol, boundary)),
                        () -> {
                            try (Orchestrator orchestrator =
                                    new Orchestrator(protocol, "tenantA", orchestratorDb, warehouseDb)) {
                                orchestrator.submit(INTENT);
                            }
                        });
        try (Orchestrator recovered = new Orchestrator(protocol, "tenantA", orchestratorDb, warehouseDb)) {
            recovered.submit(INTENT);
            recovered.recover();
        }
    }

    @Test
    void theCrashMatrixFailsExactlyOnceAtExactlyTheBoldCells() {
        List<String> rows = new ArrayList<>();
        for (DeliveryProtocol protocol : DeliveryProtocol.values()) {
            List<String> cells = new ArrayList<>();
            for (DeliveryBoundary boundary : DeliveryBoundary.values()) {
                String cell = protocol.name() + "-" + boundary.number();
                SqliteDatabase orchestratorDb = SqliteDatabase.at(dir.resolve(cell + "-orchestrator.db"));
                SqliteDatabase warehouseDb = SqliteDatabase.at(dir.resolve(cell + "-warehouse.db"));
                crashAtAndRecover(protocol, boundary, orchestratorDb, warehouseDb);
                Invariant perTenant = Invariants.exactlyOncePerKey()
                        .intentsFrom(
                                source(orchestratorDb.file(), cell + "-orchestrator.db"),
                                "SELECT 'tenantA', command_id FROM outbox")
                        .effectsIn(source(warehouseDb.file(), cell + "-warehouse.db"), "effect", "tenant", "intent_id");
                InvariantResult result = perTenant.check();
                cells.add(
                        result.verdict() == Verdict.HOLDS
                                ? "holds"
                                : result.violations().stream()
                                        .map(v -> v.kind().label() + " " + v.found())
                                        .collect(Collectors.joining(", ")));
            }
            rows.add(protocol.label() + ": " + String.join(" | ", cells));
        }

        assertThat(rows)
                .containsExactly(
                        "mark-first (write \"done\", then send): holds | lost intent 0 effects | holds | holds | holds",
                        "outbox without receiver dedup: holds | holds | duplicate effect 2 effects | duplicate effect 2 effects"
                                + " | holds",
                        "outbox + atomic receiver receipt: holds | holds | holds | holds | holds");
    }
}
