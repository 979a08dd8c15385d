package dev.deliverykit.reference.retention;

import static dev.deliverykit.reference.retention.DurableRetentionState.closedThrough;
import static dev.deliverykit.reference.retention.DurableRetentionState.effectRows;
import static dev.deliverykit.reference.retention.DurableRetentionState.receipts;
import static dev.deliverykit.reference.retention.DurableRetentionState.receiptsOf;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.reference.SqliteDatabase;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** close_and_collect: the boundary replaces the receipts it deletes, so late requests stay refused. */
class SealingTest {

    private static final String PARAMS = "{\"ticket\":\"T-1\"}";

    @TempDir
    Path dir;

    @Test
    void afterSealingEpochOneLateAndNeverSeenRequestsAreClosedAndOnlyEpochTwoCreates() {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("retention.db"));
        try (RetentionStore store = new RetentionStore(db)) {
            store.execute("demo", 1, "work-1", PARAMS);

            assertThat(store.closeAndCollect("demo", 1)).isEqualTo(new CloseAndCollectResult("demo", 0, 1, 1));

            assertThat(store.execute("demo", 1, "work-1", PARAMS).outcome()).isEqualTo(ExecuteOutcome.CLOSED);
            assertThat(store.execute("demo", 1, "work-9", "{}").outcome()).isEqualTo(ExecuteOutcome.CLOSED);
            assertThat(store.execute("demo", 2, "work-2", "{}"))
                    .isEqualTo(new ExecuteResult.Created(2));
        }
        assertThat(effectRows(db)).containsExactly("1 demo/1/work-1", "2 demo/2/work-2");
        assertThat(closedThrough(db, "demo")).isEqualTo(1);
        assertThat(receiptsOf(db, "demo")).containsExactly("2/work-2 2");
    }

    @Test
    void closedIsAnsweredEvenForChangedParamsAndForATombstone() {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("retention.db"));
        try (RetentionStore store = new RetentionStore(db)) {
            store.execute("demo", 1, "work-1", PARAMS);
            store.execute("demo", 2, "work-2", PARAMS);
            store.expireResult("demo", 2, "work-2");

            store.closeAndCollect("demo", 2);

            assertThat(store.execute("demo", 1, "work-1", "{\"ticket\":\"T-2\"}").outcome())
                    .isEqualTo(ExecuteOutcome.CLOSED);
            assertThat(store.execute("demo", 2, "work-2", PARAMS).outcome()).isEqualTo(ExecuteOutcome.CLOSED);
        }
        assertThat(receipts(db)).isZero();
        assertThat(DurableRetentionState.effects(db)).isEqualTo(2);
    }

    @Test
    void sealingDeletesOnlyReceiptsAtOrBelowTheBoundaryAndKeepsEveryEffect() {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("retention.db"));
        try (RetentionStore store = new RetentionStore(db)) {
            store.execute("demo", 1, "a", "p");
            store.execute("demo", 2, "b", "p");
            store.execute("demo", 3, "c", "p");

            assertThat(store.closeAndCollect("demo", 2)).isEqualTo(new CloseAndCollectResult("demo", 0, 2, 2));

            assertThat(store.execute("demo", 3, "c", "p").outcome()).isEqualTo(ExecuteOutcome.REPLAYED);
        }
        assertThat(receiptsOf(db, "demo")).containsExactly("3/c 3");
        assertThat(DurableRetentionState.effects(db)).isEqualTo(3);
    }

    @Test
    void closingThroughTheCurrentBoundaryAgainIsAllowedAndChangesNothingElse() {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("retention.db"));
        try (RetentionStore store = new RetentionStore(db)) {
            store.execute("demo", 1, "work-1", PARAMS);
            store.closeAndCollect("demo", 1);

            assertThat(store.closeAndCollect("demo", 1)).isEqualTo(new CloseAndCollectResult("demo", 1, 1, 0));
        }
        assertThat(closedThrough(db, "demo")).isEqualTo(1);
    }

    @Test
    void sealingAgainRaisesTheBoundaryFurther() {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("retention.db"));
        try (RetentionStore store = new RetentionStore(db)) {
            store.closeAndCollect("demo", 1);
            store.execute("demo", 3, "work-3", PARAMS);

            assertThat(store.closeAndCollect("demo", 3)).isEqualTo(new CloseAndCollectResult("demo", 1, 3, 1));
            assertThat(store.closedThrough("demo")).isEqualTo(3);
        }
        assertThat(closedThrough(db, "demo")).isEqualTo(3);
        assertThat(receipts(db)).isZero();
    }
}
