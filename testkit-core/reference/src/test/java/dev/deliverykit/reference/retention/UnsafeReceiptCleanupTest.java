package dev.deliverykit.reference.retention;

import static dev.deliverykit.reference.retention.DurableRetentionState.closedThrough;
import static dev.deliverykit.reference.retention.DurableRetentionState.effectRows;
import static dev.deliverykit.reference.retention.DurableRetentionState.receipts;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.reference.SqliteDatabase;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The broken cleanup of seed 004: deleting receipts alone turns "done but forgotten" into "never done". */
class UnsafeReceiptCleanupTest {

    private static final String PARAMS = "{\"ticket\":\"T-1\"}";

    @TempDir
    Path dir;

    @Test
    void aLateRequestAfterReceiptOnlyCleanupIsCreatedAgainAndTheEffectIsDuplicated() {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("retention.db"));
        try (RetentionStore store = new RetentionStore(db); ReceiptOnlyCleanup cleanup = new ReceiptOnlyCleanup(db)) {
            assertThat(store.execute("demo", 1, "work-1", PARAMS).outcome()).isEqualTo(ExecuteOutcome.CREATED);

            assertThat(cleanup.deleteReceiptsThrough("demo", 1)).isEqualTo(new ReceiptCleanupResult("demo", 1, 1));
            assertThat(receipts(db)).isZero();
            assertThat(closedThrough(db, "demo")).isZero();

            ExecuteResult late = store.execute("demo", 1, "work-1", PARAMS);

            assertThat(late).isEqualTo(new ExecuteResult.Created(2));
        }
        assertThat(effectRows(db)).containsExactly("1 demo/1/work-1", "2 demo/1/work-1");
    }

    @Test
    void receiptOnlyCleanupKeepsReceiptsOfNewerEpochsAndOfOtherNamespaces() {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("retention.db"));
        try (RetentionStore store = new RetentionStore(db); ReceiptOnlyCleanup cleanup = new ReceiptOnlyCleanup(db)) {
            store.execute("demo", 1, "work-1", PARAMS);
            store.execute("demo", 2, "work-2", PARAMS);
            store.execute("other", 1, "work-1", PARAMS);

            assertThat(cleanup.deleteReceiptsThrough("demo", 1).receiptsDeleted()).isEqualTo(1);
        }
        assertThat(DurableRetentionState.receiptsOf(db, "demo")).containsExactly("2/work-2 2");
        assertThat(DurableRetentionState.receiptsOf(db, "other")).containsExactly("1/work-1 3");
    }
}
