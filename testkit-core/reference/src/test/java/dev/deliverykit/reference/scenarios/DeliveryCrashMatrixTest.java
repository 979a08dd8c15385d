package dev.deliverykit.reference.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.CrashMode;
import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.outbox.DeliveryBoundary;
import dev.deliverykit.reference.outbox.DeliveryProtocol;
import dev.deliverykit.reference.outbox.Orchestrator;
import dev.deliverykit.reference.outbox.SubmitOutcome;
import dev.deliverykit.testsupport.Db;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The 3 x 5 matrix of protocols.md section 1 from real crashes of {@link Orchestrator#submit} at the names
 * of {@link ReferenceBoundaries}, cell for cell, in this JVM and in a child JVM that halts with exit code 73.
 * Recovery is new instances: the caller resubmits the same intent, then {@code recover()}. The two broken
 * protocols break "exactly once" ({@code N = 1}) at exactly the bold cells of the contract.
 */
class DeliveryCrashMatrixTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} {1} at boundary {2}: N {8} after recovery")
    @CsvSource({
        // mode,       protocol,                 boundary,          outbox at crash, N at crash, resubmit,  resent, N
        "IN_PROCESS,   MARK_FIRST,                 BEFORE_LOCAL_RECORD, none,    0, SENT,             0, 1",
        "IN_PROCESS,   MARK_FIRST,                 AFTER_LOCAL_RECORD,  done,    0, ALREADY_RECORDED, 0, 0",
        "IN_PROCESS,   MARK_FIRST,                 AFTER_REMOTE_EFFECT, done,    1, ALREADY_RECORDED, 0, 1",
        "IN_PROCESS,   MARK_FIRST,                 AFTER_RESPONSE,      done,    1, ALREADY_RECORDED, 0, 1",
        "IN_PROCESS,   MARK_FIRST,                 AFTER_DONE_MARK,     done,    1, ALREADY_RECORDED, 0, 1",
        "IN_PROCESS,   OUTBOX_WITHOUT_DEDUP,       BEFORE_LOCAL_RECORD, none,    0, SENT,             0, 1",
        "IN_PROCESS,   OUTBOX_WITHOUT_DEDUP,       AFTER_LOCAL_RECORD,  pending, 0, ALREADY_RECORDED, 1, 1",
        "IN_PROCESS,   OUTBOX_WITHOUT_DEDUP,       AFTER_REMOTE_EFFECT, pending, 1, ALREADY_RECORDED, 1, 2",
        "IN_PROCESS,   OUTBOX_WITHOUT_DEDUP,       AFTER_RESPONSE,      pending, 1, ALREADY_RECORDED, 1, 2",
        "IN_PROCESS,   OUTBOX_WITHOUT_DEDUP,       AFTER_DONE_MARK,     done,    1, ALREADY_RECORDED, 0, 1",
        "IN_PROCESS,   OUTBOX_WITH_ATOMIC_RECEIPT, BEFORE_LOCAL_RECORD, none,    0, SENT,             0, 1",
        "IN_PROCESS,   OUTBOX_WITH_ATOMIC_RECEIPT, AFTER_LOCAL_RECORD,  pending, 0, ALREADY_RECORDED, 1, 1",
        "IN_PROCESS,   OUTBOX_WITH_ATOMIC_RECEIPT, AFTER_REMOTE_EFFECT, pending, 1, ALREADY_RECORDED, 1, 1",
        "IN_PROCESS,   OUTBOX_WITH_ATOMIC_RECEIPT, AFTER_RESPONSE,      pending, 1, ALREADY_RECORDED, 1, 1",
        "IN_PROCESS,   OUTBOX_WITH_ATOMIC_RECEIPT, AFTER_DONE_MARK,     done,    1, ALREADY_RECORDED, 0, 1",
        "CHILD_PROCESS, MARK_FIRST,                 BEFORE_LOCAL_RECORD, none,    0, SENT,             0, 1",
        "CHILD_PROCESS, MARK_FIRST,                 AFTER_LOCAL_RECORD,  done,    0, ALREADY_RECORDED, 0, 0",
        "CHILD_PROCESS, MARK_FIRST,                 AFTER_REMOTE_EFFECT, done,    1, ALREADY_RECORDED, 0, 1",
        "CHILD_PROCESS, MARK_FIRST,                 AFTER_RESPONSE,      done,    1, ALREADY_RECORDED, 0, 1",
        "CHILD_PROCESS, MARK_FIRST,                 AFTER_DONE_MARK,     done,    1, ALREADY_RECORDED, 0, 1",
        "CHILD_PROCESS, OUTBOX_WITHOUT_DEDUP,       BEFORE_LOCAL_RECORD, none,    0, SENT,             0, 1",
        "CHILD_PROCESS, OUTBOX_WITHOUT_DEDUP,       AFTER_LOCAL_RECORD,  pending, 0, ALREADY_RECORDED, 1, 1",
        "CHILD_PROCESS, OUTBOX_WITHOUT_DEDUP,       AFTER_REMOTE_EFFECT, pending, 1, ALREADY_RECORDED, 1, 2",
        "CHILD_PROCESS, OUTBOX_WITHOUT_DEDUP,       AFTER_RESPONSE,      pending, 1, ALREADY_RECORDED, 1, 2",
        "CHILD_PROCESS, OUTBOX_WITHOUT_DEDUP,       AFTER_DONE_MARK,     done,    1, ALREADY_RECORDED, 0, 1",
        "CHILD_PROCESS, OUTBOX_WITH_ATOMIC_RECEIPT, BEFORE_LOCAL_RECORD, none,    0, SENT,             0, 1",
        "CHILD_PROCESS, OUTBOX_WITH_ATOMIC_RECEIPT, AFTER_LOCAL_RECORD,  pending, 0, ALREADY_RECORDED, 1, 1",
        "CHILD_PROCESS, OUTBOX_WITH_ATOMIC_RECEIPT, AFTER_REMOTE_EFFECT, pending, 1, ALREADY_RECORDED, 1, 1",
        "CHILD_PROCESS, OUTBOX_WITH_ATOMIC_RECEIPT, AFTER_RESPONSE,      pending, 1, ALREADY_RECORDED, 1, 1",
        "CHILD_PROCESS, OUTBOX_WITH_ATOMIC_RECEIPT, AFTER_DONE_MARK,     done,    1, ALREADY_RECORDED, 0, 1",
    })
    void aRealCrashAtTheBoundaryAndRecoveryGiveTheContractsCell(CrashMode mode, DeliveryProtocol protocol,
            DeliveryBoundary boundary, String outboxAtCrash, long effectsAtCrash, SubmitOutcome resubmitted,
            int resent, long effectsAfterRecovery) throws Exception {
        Path orchestratorFile = dir.resolve("orchestrator.db");
        Path warehouseFile = dir.resolve("warehouse.db");

        CrashRuns.crash(mode, ReferenceBoundaries.deliveryBoundary(protocol, boundary), SubmitIntent.class,
                protocol.name(), orchestratorFile.toString(), warehouseFile.toString());

        SqliteDatabase orchestratorDb = SqliteDatabase.at(orchestratorFile);
        SqliteDatabase warehouseDb = SqliteDatabase.at(warehouseFile);
        assertThat(outboxRows(orchestratorDb)).as("outbox at the crash")
                .isEqualTo(outboxAtCrash.equals("none") ? List.of() : List.of("reserve42:1:0 " + outboxAtCrash));
        assertThat(effects(warehouseDb)).as("N at the crash").isEqualTo(effectsAtCrash);
        if (protocol == DeliveryProtocol.OUTBOX_WITH_ATOMIC_RECEIPT) {
            assertThat(Db.count(warehouseDb.file(), "receipt")).as("receipts commit with their effects").isEqualTo(effectsAtCrash);
        }

        // Recovery: new instances with no lock wait at all, so a lock the dead process kept would fail here.
        try (Orchestrator recovered = new Orchestrator(protocol, SubmitIntent.TENANT,
                orchestratorDb.withBusyTimeout(Duration.ZERO), warehouseDb.withBusyTimeout(Duration.ZERO))) {
            assertThat(recovered.submit(SubmitIntent.INTENT).outcome()).isEqualTo(resubmitted);
            assertThat(recovered.recover()).hasSize(resent);
            assertThat(recovered.pending()).isEmpty();
            assertThat(recovered.effectCount(SubmitIntent.INTENT)).isEqualTo(effectsAfterRecovery);
        }
        assertThat(outboxRows(orchestratorDb)).isEqualTo(List.of("reserve42:1:0 done"));
        assertThat(effects(warehouseDb)).as("N after recovery").isEqualTo(effectsAfterRecovery);
    }

    private static List<String> outboxRows(SqliteDatabase orchestratorDb) {
        List<String> rows = new ArrayList<>();
        Db.rows(orchestratorDb.file(), "SELECT command_id, processed_at FROM outbox ORDER BY command_id").forEach(row ->
                rows.add(row.get("command_id") + " " + (row.get("processed_at") == null ? "pending" : "done")));
        return rows;
    }

    private static long effects(SqliteDatabase warehouseDb) {
        return ((Number) Db.value(warehouseDb.file(), "SELECT count(*) FROM effect WHERE tenant = ? AND intent_id = ?",
                SubmitIntent.TENANT, "reserve42:1:0")).longValue();
    }
}
