package dev.deliverykit.reference.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.reference.SqliteDatabase;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The 3 x 5 matrix of protocols.md as a STEPWISE simulation (public steps up to the boundary, then
 * recovery with new instances). The boundary engine's real crash tests replace it.
 */
class StepwiseCrashMatrixTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} at boundary {1}: N {2} at the crash, {3} after recovery")
    @CsvSource({
        "MARK_FIRST,                 BEFORE_LOCAL_RECORD, 0, 1",
        "MARK_FIRST,                 AFTER_LOCAL_RECORD,  0, 0",
        "MARK_FIRST,                 AFTER_REMOTE_EFFECT, 1, 1",
        "MARK_FIRST,                 AFTER_RESPONSE,      1, 1",
        "MARK_FIRST,                 AFTER_DONE_MARK,     1, 1",
        "OUTBOX_WITHOUT_DEDUP,       BEFORE_LOCAL_RECORD, 0, 1",
        "OUTBOX_WITHOUT_DEDUP,       AFTER_LOCAL_RECORD,  0, 1",
        "OUTBOX_WITHOUT_DEDUP,       AFTER_REMOTE_EFFECT, 1, 2",
        "OUTBOX_WITHOUT_DEDUP,       AFTER_RESPONSE,      1, 2",
        "OUTBOX_WITHOUT_DEDUP,       AFTER_DONE_MARK,     1, 1",
        "OUTBOX_WITH_ATOMIC_RECEIPT, BEFORE_LOCAL_RECORD, 0, 1",
        "OUTBOX_WITH_ATOMIC_RECEIPT, AFTER_LOCAL_RECORD,  0, 1",
        "OUTBOX_WITH_ATOMIC_RECEIPT, AFTER_REMOTE_EFFECT, 1, 1",
        "OUTBOX_WITH_ATOMIC_RECEIPT, AFTER_RESPONSE,      1, 1",
        "OUTBOX_WITH_ATOMIC_RECEIPT, AFTER_DONE_MARK,     1, 1",
    })
    void stepwiseCrashAndRecoveryGiveTheMatrixCell(DeliveryProtocol protocol, DeliveryBoundary boundary,
            long effectsAtCrash, long effectsAfterRecovery) {
        StepwiseRun run = StepwiseCrashReplay.run(protocol, boundary,
                SqliteDatabase.at(dir.resolve("orchestrator.db")), SqliteDatabase.at(dir.resolve("warehouse.db")),
                "tenantA", new ReservationIntent("reserve42", "P-7", 1));

        assertThat(run).isEqualTo(new StepwiseRun(protocol, boundary, effectsAtCrash, effectsAfterRecovery, 0));
    }
}
