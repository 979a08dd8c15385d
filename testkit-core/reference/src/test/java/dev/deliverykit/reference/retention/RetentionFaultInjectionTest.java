package dev.deliverykit.reference.retention;

import static dev.deliverykit.reference.retention.DurableRetentionState.closedThrough;
import static dev.deliverykit.reference.retention.DurableRetentionState.effects;
import static dev.deliverykit.reference.retention.DurableRetentionState.receipts;
import static dev.deliverykit.reference.retention.DurableRetentionState.receiptsOf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.StoreException;
import dev.deliverykit.testsupport.Db;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Triggers inject SQL failures mid-transaction: every write of the transaction must roll back with them. */
class RetentionFaultInjectionTest {

    @TempDir
    Path dir;

    @Test
    void aRejectedReceiptDeleteAlsoRollsBackTheBoundaryUpdate() {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("retention.db"));
        try (RetentionStore store = new RetentionStore(db)) {
            store.execute("demo", 1, "work-1", "p");
            Db.execute(db.file(), "CREATE TRIGGER reject_receipt_delete BEFORE DELETE ON receipt"
                    + " BEGIN SELECT RAISE(ABORT, 'injected fault: receipt delete rejected'); END");

            assertThatThrownBy(() -> store.closeAndCollect("demo", 1))
                    .isInstanceOfSatisfying(StoreException.class, e -> assertThat(e.isLockTimeout()).isFalse())
                    .hasMessage("close and collect namespace 'demo' through epoch 1 failed on "
                            + dir.resolve("retention.db")
                            + ": [SQLITE_CONSTRAINT_TRIGGER] A RAISE function within a trigger fired, causing the SQL"
                            + " statement to abort (injected fault: receipt delete rejected); the transaction was rolled"
                            + " back and nothing was written.");

            assertThat(closedThrough(db, "demo")).isZero();
            assertThat(Db.count(db.file(), "boundary")).isZero();
            assertThat(receiptsOf(db, "demo")).containsExactly("1/work-1 1");

            // The old request is still recognised, exactly as if the seal had never been attempted.
            assertThat(store.execute("demo", 1, "work-1", "p"))
                    .isEqualTo(new ExecuteResult.Replayed(1));
        }
        assertThat(effects(db)).isEqualTo(1);
    }

    @Test
    void aRejectedReceiptInsertLeavesNoEffectAndARetryCreatesExactlyOne() {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("retention.db"));
        try (RetentionStore store = new RetentionStore(db)) {
            Db.execute(db.file(), "CREATE TRIGGER reject_receipt_insert BEFORE INSERT ON receipt"
                    + " BEGIN SELECT RAISE(ABORT, 'injected fault: receipt insert rejected'); END");

            assertThatThrownBy(() -> store.execute("demo", 1, "work-1", "p"))
                    .isInstanceOf(StoreException.class)
                    .hasMessage("execute (namespace 'demo', epoch 1, op 'work-1') failed on "
                            + dir.resolve("retention.db")
                            + ": [SQLITE_CONSTRAINT_TRIGGER] A RAISE function within a trigger fired, causing the SQL"
                            + " statement to abort (injected fault: receipt insert rejected); the transaction was rolled"
                            + " back and nothing was written.");
            assertThat(effects(db)).isZero();
            assertThat(receipts(db)).isZero();

            Db.execute(db.file(), "DROP TRIGGER reject_receipt_insert");
            assertThat(store.execute("demo", 1, "work-1", "p"))
                    .isEqualTo(new ExecuteResult.Created(1));
        }
        assertThat(effects(db)).isEqualTo(1);
    }

    @Test
    void aRejectedTombstoneUpdateKeepsTheResult() {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("retention.db"));
        try (RetentionStore store = new RetentionStore(db)) {
            store.execute("demo", 1, "work-1", "p");
            Db.execute(db.file(), "CREATE TRIGGER reject_receipt_update BEFORE UPDATE ON receipt"
                    + " BEGIN SELECT RAISE(ABORT, 'injected fault: receipt update rejected'); END");

            assertThatThrownBy(() -> store.expireResult("demo", 1, "work-1"))
                    .isInstanceOf(StoreException.class)
                    .hasMessage("expireResult (namespace 'demo', epoch 1, op 'work-1') failed on "
                            + dir.resolve("retention.db")
                            + ": [SQLITE_CONSTRAINT_TRIGGER] A RAISE function within a trigger fired, causing the SQL"
                            + " statement to abort (injected fault: receipt update rejected); the transaction was rolled"
                            + " back and nothing was written.");
        }
        assertThat(receiptsOf(db, "demo")).containsExactly("1/work-1 1");
    }
}
