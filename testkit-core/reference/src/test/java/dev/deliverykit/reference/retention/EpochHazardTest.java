package dev.deliverykit.reference.retention;

import static dev.deliverykit.reference.retention.DurableRetentionState.effectRows;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.reference.SqliteDatabase;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hazard to document, not to hide (protocols.md section 3, seed 004 section 7): the key is
 * {@code (namespace, epoch, op)}, so moving an op to a new epoch makes a new key and a second effect.
 * There is no dedup across epochs. An action that must stay unique across batches needs a stable
 * business key or a unique constraint on the business table; epochs must come from trusted task state,
 * and "re-send under a new epoch to get past CLOSED" is never a safe retry.
 */
class EpochHazardTest {

    @Test
    void reSendingEpochOneWorkOneAsEpochTwoAfterTheSealCreatesASecondEffect(@TempDir Path dir) {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("retention.db"));
        try (RetentionStore store = new RetentionStore(db)) {
            store.execute("demo", 1, "work-1", "{\"ticket\":\"T-1\"}");
            store.closeAndCollect("demo", 1);
            assertThat(store.execute("demo", 1, "work-1", "{\"ticket\":\"T-1\"}").outcome())
                    .isEqualTo(ExecuteOutcome.CLOSED);

            ExecuteResult moved = store.execute("demo", 2, "work-1", "{\"ticket\":\"T-1\"}");

            assertThat(moved).isEqualTo(new ExecuteResult.Created(2));
        }
        assertThat(effectRows(db)).containsExactly("1 demo/1/work-1", "2 demo/2/work-1");
    }
}
