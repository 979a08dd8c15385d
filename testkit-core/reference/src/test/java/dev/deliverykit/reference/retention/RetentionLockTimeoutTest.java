package dev.deliverykit.reference.retention;

import static dev.deliverykit.reference.retention.DurableRetentionState.closedThrough;
import static dev.deliverykit.reference.retention.DurableRetentionState.effects;
import static dev.deliverykit.reference.retention.DurableRetentionState.receipts;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.StoreException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A write lock held by another connection for the whole busy timeout is an error, never an outcome. */
class RetentionLockTimeoutTest {

    @TempDir
    Path dir;

    @Test
    void executeWhileAnotherConnectionHoldsTheWriteLockFailsAsLockTimeoutAndWritesNothing() throws Exception {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("retention.db"));
        try (RetentionStore impatient = new RetentionStore(db.withBusyTimeout(Duration.ZERO));
                Connection holder = db.open();
                Statement lock = holder.createStatement()) {
            lock.execute("BEGIN IMMEDIATE");

            assertThatThrownBy(() -> impatient.execute("demo", 1, "work-1", "p"))
                    .isInstanceOfSatisfying(
                            StoreException.class,
                            e -> assertThat(e.isLockTimeout()).isTrue())
                    .hasMessage(
                            "execute (namespace 'demo', epoch 1, op 'work-1') failed: "
                                    + dir.resolve("retention.db")
                                    + " stayed locked by another connection for the whole busy timeout of 0 ms; nothing was"
                                    + " written. Retry the call, or give SqliteDatabase.withBusyTimeout(...) a longer timeout.");

            lock.execute("ROLLBACK");
            assertThat(impatient.execute("demo", 1, "work-1", "p").effectId()).hasValue(1);
        }
        assertThat(effects(db)).isEqualTo(1);
    }

    @Test
    void closeAndCollectWhileLockedFailsAsLockTimeoutAndLeavesBoundaryAndReceipts() throws Exception {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("retention.db"));
        try (RetentionStore store = new RetentionStore(db.withBusyTimeout(Duration.ZERO));
                Connection holder = db.open();
                Statement lock = holder.createStatement()) {
            store.execute("demo", 1, "work-1", "p");
            lock.execute("BEGIN IMMEDIATE");

            assertThatThrownBy(() -> store.closeAndCollect("demo", 1))
                    .isInstanceOfSatisfying(
                            StoreException.class,
                            e -> assertThat(e.isLockTimeout()).isTrue());

            lock.execute("ROLLBACK");
        }
        assertThat(closedThrough(db, "demo")).isZero();
        assertThat(receipts(db)).isEqualTo(1);
    }
}
