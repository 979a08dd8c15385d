package dev.deliverykit.reference.retention;

import static dev.deliverykit.reference.retention.DurableRetentionState.closedThrough;
import static dev.deliverykit.reference.retention.DurableRetentionState.receiptsOf;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.reference.SqliteDatabase;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The namespace is part of the key and owns its boundary: sealing "demo" says nothing about "other". */
class NamespaceIsolationTest {

    @TempDir
    Path dir;

    @Test
    void sealingDemoLeavesOtherUnsealedWithItsReceipts() {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("retention.db"));
        try (RetentionStore store = new RetentionStore(db)) {
            store.execute("demo", 1, "work-1", "p");
            store.execute("other", 1, "work-1", "p");

            store.closeAndCollect("demo", 1);

            assertThat(store.execute("demo", 1, "work-1", "p").outcome()).isEqualTo(ExecuteOutcome.CLOSED);
            assertThat(store.execute("other", 1, "work-1", "p"))
                    .isEqualTo(new ExecuteResult.Replayed(2));
            assertThat(store.execute("other", 1, "work-2", "p"))
                    .isEqualTo(new ExecuteResult.Created(3));
        }
        assertThat(closedThrough(db, "demo")).isEqualTo(1);
        assertThat(closedThrough(db, "other")).isZero();
        assertThat(receiptsOf(db, "demo")).isEmpty();
        assertThat(receiptsOf(db, "other")).containsExactly("1/work-1 2", "1/work-2 3");
    }

    @Test
    void theSameOpInTwoNamespacesIsTwoKeysEvenWithDifferentParams() {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("retention.db"));
        try (RetentionStore store = new RetentionStore(db)) {
            assertThat(store.execute("tenantA", 1, "reserve42", "a").outcome()).isEqualTo(ExecuteOutcome.CREATED);
            assertThat(store.execute("tenantB", 1, "reserve42", "b").outcome()).isEqualTo(ExecuteOutcome.CREATED);
        }
        assertThat(DurableRetentionState.effectRows(db))
                .containsExactly("1 tenantA/1/reserve42", "2 tenantB/1/reserve42");
    }
}
