package dev.deliverykit.reference.outbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.StoreException;
import dev.deliverykit.testsupport.Db;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

class OrchestratorTest {

    private static final ReservationIntent INTENT = new ReservationIntent("reserve42", "P-7", 1);
    private static final IdempotencyKey WAREHOUSE_KEY = new IdempotencyKey("tenantA", "reserve42:1:0");
    private static final String REJECT_EFFECT = "CREATE TRIGGER reject_effect BEFORE INSERT ON effect"
            + " BEGIN SELECT RAISE(ABORT, 'warehouse down'); END";
    private static final String REJECT_DONE_MARK = "CREATE TRIGGER reject_done_mark BEFORE UPDATE OF processed_at"
            + " ON outbox BEGIN SELECT RAISE(ABORT, 'orchestrator disk full'); END";

    @TempDir
    Path dir;

    private SqliteDatabase orchestratorDb;
    private SqliteDatabase warehouseDb;

    @BeforeEach
    void setUp() {
        orchestratorDb = SqliteDatabase.at(dir.resolve("orchestrator.db"));
        warehouseDb = SqliteDatabase.at(dir.resolve("warehouse.db"));
    }

    @ParameterizedTest
    @EnumSource(DeliveryProtocol.class)
    void aSubmitWithoutFailuresRecordsSendsAndMarksDoneOnce(DeliveryProtocol protocol) {
        try (Orchestrator orchestrator = orchestrator(protocol)) {
            SubmitResult result = orchestrator.submit(INTENT);

            assertThat(result.outcome()).isEqualTo(SubmitOutcome.SENT);
            assertThat(result.record().commandIds()).containsExactly("reserve42:1:0");
            assertThat(result.delivery()).contains(new CommandDelivery("reserve42:1:0",
                    new ExecutionResult.Executed(WAREHOUSE_KEY, "REF-1"),
                    DeliveryOutcome.MARKED_DONE));
            assertThat(orchestrator.pending()).isEmpty();
            assertThat(orchestrator.effectCount(INTENT)).isEqualTo(1);
        }
        assertThat(Db.rows(orchestratorDb.file(), "SELECT workflow_id, seq, kind, payload FROM workflow_event"))
                .containsExactly(Map.of("workflow_id", "reserve42", "seq", 1, "kind", "reservation_requested",
                        "payload", "{\"part\":\"P-7\",\"quantity\":1}"));
        assertThat(Db.rows(orchestratorDb.file(), "SELECT command_id, kind, processed_at FROM outbox"))
                .containsExactly(Map.of("command_id", "reserve42:1:0", "kind", "reserve_part", "processed_at", 1));
        assertThat(Db.rows(warehouseDb.file(), "SELECT tenant, intent_id, parameters FROM effect"))
                .containsExactly(Map.of("tenant", "tenantA", "intent_id", "reserve42:1:0",
                        "parameters", "{\"part\":\"P-7\",\"quantity\":1}"));
    }

    @ParameterizedTest
    @EnumSource(DeliveryProtocol.class)
    void resubmittingTheSameIntentIsIdempotentForTheLocalRecordAndSendsNothing(DeliveryProtocol protocol) {
        try (Orchestrator orchestrator = orchestrator(protocol)) {
            orchestrator.submit(INTENT);
        }
        try (Orchestrator restarted = orchestrator(protocol)) {
            SubmitResult again = restarted.submit(INTENT);

            assertThat(again.outcome()).isEqualTo(SubmitOutcome.ALREADY_RECORDED);
            assertThat(again.delivery()).isEmpty();
            assertThat(again.record().commandIds()).containsExactly("reserve42:1:0");
        }
        assertThat(Db.count(orchestratorDb.file(), "workflow_event")).isEqualTo(1);
        assertThat(Db.count(orchestratorDb.file(), "outbox")).isEqualTo(1);
        assertThat(Db.count(warehouseDb.file(), "effect")).isEqualTo(1);
    }

    @Test
    void theSameReservationIdWithOtherParametersIsAConflictingIntent() {
        try (Orchestrator orchestrator = orchestrator(DeliveryProtocol.OUTBOX_WITH_ATOMIC_RECEIPT)) {
            orchestrator.submit(INTENT);

            SubmitResult other = orchestrator.submit(new ReservationIntent("reserve42", "P-7", 2));

            assertThat(other.outcome()).isEqualTo(SubmitOutcome.CONFLICTING_INTENT);
            assertThat(other.record().outcome()).isEqualTo(AppendOutcome.STALE);
            assertThat(other.delivery()).isEmpty();
        }
        assertThat(Db.count(orchestratorDb.file(), "outbox")).isEqualTo(1);
        assertThat(Db.count(warehouseDb.file(), "effect")).isEqualTo(1);
    }

    @Test
    void markFirstMarksDoneBeforeSendingSoAFailedSendLosesTheIntent() {
        // Fault injection through the real deliver(): the warehouse rejects the effect after the done mark.
        try (Orchestrator orchestrator = orchestrator(DeliveryProtocol.MARK_FIRST)) {
            Db.execute(warehouseDb.file(), REJECT_EFFECT);

            assertThatThrownBy(() -> orchestrator.submit(INTENT))
                    .isInstanceOf(StoreException.class)
                    .hasMessage("reserve tenantA:reserve42:1:0 without dedup failed on "
                            + dir.resolve("warehouse.db")
                            + ": [SQLITE_CONSTRAINT_TRIGGER] A RAISE function within a trigger fired, causing the SQL"
                            + " statement to abort (warehouse down); the transaction was rolled back and nothing was"
                            + " written.");
        }
        assertThat(Db.value(orchestratorDb.file(), "SELECT processed_at FROM outbox")).isEqualTo(1);
        Db.execute(warehouseDb.file(), "DROP TRIGGER reject_effect");

        assertThat(recoverAndCountEffects(DeliveryProtocol.MARK_FIRST)).isZero();
    }

    @ParameterizedTest
    @EnumSource(value = DeliveryProtocol.class, names = {"OUTBOX_WITHOUT_DEDUP", "OUTBOX_WITH_ATOMIC_RECEIPT"})
    void outboxProtocolsKeepTheRowPendingWhenTheSendFailsAndRecoveryDeliversIt(DeliveryProtocol protocol) {
        try (Orchestrator orchestrator = orchestrator(protocol)) {
            Db.execute(warehouseDb.file(), REJECT_EFFECT);

            assertThatThrownBy(() -> orchestrator.submit(INTENT))
                    .isInstanceOf(StoreException.class)
                    .hasMessageContaining("warehouse down");
        }
        assertThat(Db.value(orchestratorDb.file(), "SELECT count(*) FROM outbox WHERE processed_at IS NULL")).isEqualTo(1);
        Db.execute(warehouseDb.file(), "DROP TRIGGER reject_effect");

        assertThat(recoverAndCountEffects(protocol)).isEqualTo(1);
        assertThat(Db.value(orchestratorDb.file(), "SELECT count(*) FROM outbox WHERE processed_at IS NULL")).isEqualTo(0);
    }

    @ParameterizedTest
    @CsvSource({
        "MARK_FIRST, 0, 1",                   // the done mark fails before sending: nothing sent, row pending
        "OUTBOX_WITHOUT_DEDUP, 1, 2",         // sent and applied, done mark fails: the resend is applied again
        "OUTBOX_WITH_ATOMIC_RECEIPT, 1, 1",   // sent and applied, done mark fails: the resend is replayed
    })
    void aFailedDoneMarkLeavesTheRowPendingForRecovery(DeliveryProtocol protocol, long effectsAfterFailure,
            long effectsAfterRecovery) {
        try (Orchestrator orchestrator = orchestrator(protocol)) {
            Db.execute(orchestratorDb.file(), REJECT_DONE_MARK);

            assertThatThrownBy(() -> orchestrator.submit(INTENT))
                    .isInstanceOf(StoreException.class)
                    .hasMessage("mark outbox command reserve42:1:0 done failed on "
                            + dir.resolve("orchestrator.db")
                            + ": [SQLITE_CONSTRAINT_TRIGGER] A RAISE function within a trigger fired, causing the SQL"
                            + " statement to abort (orchestrator disk full); the transaction was rolled back and nothing"
                            + " was written.");
        }
        assertThat(Db.count(warehouseDb.file(), "effect")).isEqualTo(effectsAfterFailure);
        assertThat(Db.value(orchestratorDb.file(), "SELECT count(*) FROM outbox WHERE processed_at IS NULL")).isEqualTo(1);
        Db.execute(orchestratorDb.file(), "DROP TRIGGER reject_done_mark");

        assertThat(recoverAndCountEffects(protocol)).isEqualTo(effectsAfterRecovery);
    }

    @Test
    void recoverResendsPendingRowsInOrderAndNeverRedoesDoneRows() {
        ReservationIntent done = new ReservationIntent("reserve41", "P-1", 1);
        ReservationIntent pendingB = new ReservationIntent("reserve43", "P-3", 3);
        ReservationIntent pendingA = new ReservationIntent("reserve42", "P-2", 2);
        try (Orchestrator orchestrator = orchestrator(DeliveryProtocol.OUTBOX_WITHOUT_DEDUP)) {
            orchestrator.submit(done);
            orchestrator.record(pendingB);
            orchestrator.record(pendingA);
        }
        try (Orchestrator recovered = orchestrator(DeliveryProtocol.OUTBOX_WITHOUT_DEDUP)) {
            List<CommandDelivery> deliveries = recovered.recover();

            assertThat(deliveries).extracting(CommandDelivery::commandId, d -> d.response().result().orElseThrow(),
                    CommandDelivery::outcome).containsExactly(
                            org.assertj.core.groups.Tuple.tuple("reserve42:1:0", "REF-2", DeliveryOutcome.MARKED_DONE),
                            org.assertj.core.groups.Tuple.tuple("reserve43:1:0", "REF-3", DeliveryOutcome.MARKED_DONE));
            assertThat(recovered.recover()).isEmpty();
            // even the warehouse without dedup got each intent once: done rows are never resent
            assertThat(List.of(recovered.effectCount(done), recovered.effectCount(pendingA),
                    recovered.effectCount(pendingB))).containsExactly(1L, 1L, 1L);
        }
    }

    @Test
    void aWarehouseConflictIsNeverMarkedDone() {
        try (Warehouse warehouse = Warehouse.forProtocol(DeliveryProtocol.OUTBOX_WITH_ATOMIC_RECEIPT, warehouseDb)) {
            // someone else already used this key with another quantity
            warehouse.reserve(WAREHOUSE_KEY, Map.of("part", "P-7", "quantity", 5));
        }
        try (Orchestrator orchestrator = orchestrator(DeliveryProtocol.OUTBOX_WITH_ATOMIC_RECEIPT)) {
            SubmitResult result = orchestrator.submit(INTENT);

            assertThat(result.outcome()).isEqualTo(SubmitOutcome.SENT);
            assertThat(result.delivery()).contains(new CommandDelivery("reserve42:1:0",
                    new ExecutionResult.Conflict(WAREHOUSE_KEY),
                    DeliveryOutcome.LEFT_PENDING));
            assertThat(orchestrator.pending()).extracting(OutboxCommand::commandId).containsExactly("reserve42:1:0");
        }
        assertThat(Db.count(warehouseDb.file(), "effect")).isEqualTo(1);
    }

    @Test
    void theWarehouseVariantFollowsTheProtocol() {
        try (Warehouse markFirst = Warehouse.forProtocol(DeliveryProtocol.MARK_FIRST, warehouseDb);
                Warehouse withoutDedup = Warehouse.forProtocol(DeliveryProtocol.OUTBOX_WITHOUT_DEDUP, warehouseDb);
                Warehouse atomic = Warehouse.forProtocol(DeliveryProtocol.OUTBOX_WITH_ATOMIC_RECEIPT, warehouseDb)) {
            assertThat(List.of(markFirst, withoutDedup, atomic)).extracting(Object::getClass).containsExactly(
                    WarehouseWithoutDedup.class, WarehouseWithoutDedup.class, WarehouseWithAtomicReceipt.class);
            assertThat(withoutDedup.reserve(WAREHOUSE_KEY, Map.of()).result()).contains("REF-1");
            assertThat(withoutDedup.reserve(WAREHOUSE_KEY, Map.of()).result()).contains("REF-2");
            assertThat(withoutDedup.effectCount(WAREHOUSE_KEY)).isEqualTo(2);
        }
    }

    @Test
    void invalidTenantsAndIntentsAreRejectedBeforeAnythingIsOpenedOrWritten() {
        assertThatThrownBy(() -> new Orchestrator(DeliveryProtocol.MARK_FIRST, "tenant:A", orchestratorDb, warehouseDb))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("idempotency key tenant 'tenant:A' contains ':'; the rendered key tenant:id is split at"
                        + " the first ':', so remove it from the tenant (the id may contain ':')");
        assertThatThrownBy(() -> new ReservationIntent("reserve42", "P-7", 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("reservation reserve42 must reserve at least 1 of P-7, got quantity 0");
        assertThat(orchestratorDb.file()).doesNotExist();
    }

    private Orchestrator orchestrator(DeliveryProtocol protocol) {
        return new Orchestrator(protocol, "tenantA", orchestratorDb, warehouseDb);
    }

    /** Recovery as after a crash: new instances, the caller resubmits, then recover(). */
    private long recoverAndCountEffects(DeliveryProtocol protocol) {
        try (Orchestrator recovered = orchestrator(protocol)) {
            assertThat(recovered.submit(INTENT).outcome()).isEqualTo(SubmitOutcome.ALREADY_RECORDED);
            recovered.recover();
            return recovered.effectCount(INTENT);
        }
    }
}
