package dev.deliverykit.reference.retention;

import static dev.deliverykit.reference.retention.DurableRetentionState.effects;
import static dev.deliverykit.reference.retention.DurableRetentionState.receiptsOf;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.reference.SqliteDatabase;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An expired result keeps the key and digest: retries are recognised, never executed again. */
class TombstoneTest {

    private static final String PARAMS = "{\"ticket\":\"T-1\"}";

    @TempDir
    Path dir;

    @Test
    void aTombstoneAnswersResultExpiredForTheSameParamsAndConflictForChangedOnes() {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("retention.db"));
        try (RetentionStore store = new RetentionStore(db)) {
            store.execute("demo", 1, "work-1", PARAMS);

            assertThat(store.expireResult("demo", 1, "work-1")).isEqualTo(ExpireOutcome.EXPIRED);

            assertThat(store.execute("demo", 1, "work-1", PARAMS))
                    .isEqualTo(new ExecuteResult.ResultExpired());
            assertThat(store.execute("demo", 1, "work-1", "{\"ticket\":\"T-2\"}"))
                    .isEqualTo(new ExecuteResult.Conflict());
        }
        assertThat(effects(db)).isEqualTo(1);
        assertThat(receiptsOf(db, "demo")).containsExactly("1/work-1 null");
    }

    @Test
    void expiringTwiceSaysAlreadyExpiredAndExpiringAnUnknownKeySaysNoReceipt() {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("retention.db"));
        try (RetentionStore store = new RetentionStore(db)) {
            store.execute("demo", 1, "work-1", PARAMS);
            store.expireResult("demo", 1, "work-1");

            assertThat(store.expireResult("demo", 1, "work-1")).isEqualTo(ExpireOutcome.ALREADY_EXPIRED);
            assertThat(store.expireResult("demo", 1, "work-2")).isEqualTo(ExpireOutcome.NO_RECEIPT);
            assertThat(store.expireResult("other", 1, "work-1")).isEqualTo(ExpireOutcome.NO_RECEIPT);
        }
        assertThat(receiptsOf(db, "demo")).containsExactly("1/work-1 null");
        assertThat(receiptsOf(db, "other")).isEmpty();
    }

    @Test
    void expiringOneResultLeavesTheOthersReplayable() {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("retention.db"));
        try (RetentionStore store = new RetentionStore(db)) {
            store.execute("demo", 1, "work-1", PARAMS);
            store.execute("demo", 1, "work-2", PARAMS);

            store.expireResult("demo", 1, "work-1");

            assertThat(store.execute("demo", 1, "work-2", PARAMS))
                    .isEqualTo(new ExecuteResult.Replayed(2));
        }
        assertThat(receiptsOf(db, "demo")).containsExactly("1/work-1 null", "1/work-2 2");
    }
}
