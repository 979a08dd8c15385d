package dev.deliverykit.reference.retention;

import static dev.deliverykit.reference.retention.DurableRetentionState.closedThrough;
import static dev.deliverykit.reference.retention.DurableRetentionState.receiptsOf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.StoreException;
import dev.deliverykit.testsupport.Db;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** closed_through only moves up: lowering it would re-admit sealed epochs whose receipts are gone. */
class MonotonicBoundaryTest {

    @TempDir
    Path dir;

    @Test
    void loweringTheBoundaryThroughTheApiIsRefusedAndChangesNothing() {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("retention.db"));
        try (RetentionStore store = new RetentionStore(db)) {
            store.closeAndCollect("demo", 3);
            store.execute("demo", 4, "work-4", "p");

            assertThatThrownBy(() -> store.closeAndCollect("demo", 1))
                    .isInstanceOfSatisfying(BoundaryLoweringException.class, e -> {
                        assertThat(e.namespace()).isEqualTo("demo");
                        assertThat(e.requestedThrough()).isEqualTo(1);
                        assertThat(e.closedThrough()).isEqualTo(3);
                    })
                    .hasMessage("close and collect refused: namespace 'demo' in "
                            + dir.resolve("retention.db")
                            + " is already closed through epoch 3, and closing through epoch 1 would lower that boundary"
                            + " and re-admit sealed epochs whose receipts are gone. The boundary only moves up; nothing"
                            + " was changed. Pass an epoch >= 3.");

            assertThat(store.execute("demo", 2, "late", "p").outcome()).isEqualTo(ExecuteOutcome.CLOSED);
        }
        assertThat(closedThrough(db, "demo")).isEqualTo(3);
        assertThat(receiptsOf(db, "demo")).containsExactly("4/work-4 1");
    }

    @Test
    void reInitialisingTheStoreOrTheCleanupOnTheSameFileDoesNotResetTheBoundary() {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("retention.db"));
        try (RetentionStore store = new RetentionStore(db)) {
            store.execute("demo", 1, "work-1", "p");
            store.closeAndCollect("demo", 1);
        }
        new ReceiptOnlyCleanup(db).close();

        try (RetentionStore reopened = new RetentionStore(db)) {
            assertThat(reopened.closedThrough("demo")).isEqualTo(1);
            assertThat(reopened.execute("demo", 1, "work-1", "p").outcome()).isEqualTo(ExecuteOutcome.CLOSED);
        }
        assertThat(closedThrough(db, "demo")).isEqualTo(1);
        assertThat(DurableRetentionState.effects(db)).isEqualTo(1);
    }

    @Test
    void theSchemaAlsoRejectsLoweringOrDeletingABoundaryByHandWrittenSql() {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("retention.db"));
        try (RetentionStore store = new RetentionStore(db)) {
            store.closeAndCollect("demo", 2);
        }

        assertThatThrownBy(
                        () -> Db.execute(db.file(), "UPDATE boundary SET closed_through = 0 WHERE namespace = 'demo'"))
                .hasStackTraceContaining("boundary.closed_through is monotonic and cannot be lowered");
        assertThatThrownBy(() -> Db.execute(db.file(), "DELETE FROM boundary"))
                .hasStackTraceContaining("boundary rows cannot be deleted");
        assertThat(closedThrough(db, "demo")).isEqualTo(2);
    }

    @Test
    void aRejectedLoweringIsNotAStoreError() {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("retention.db"));
        try (RetentionStore store = new RetentionStore(db)) {
            store.closeAndCollect("demo", 2);

            assertThatThrownBy(() -> store.closeAndCollect("demo", 1))
                    .isNotInstanceOf(StoreException.class)
                    .isInstanceOf(IllegalStateException.class);
        }
    }
}
