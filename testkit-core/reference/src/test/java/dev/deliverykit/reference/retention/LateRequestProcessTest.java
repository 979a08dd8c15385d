package dev.deliverykit.reference.retention;

import static dev.deliverykit.reference.retention.DurableRetentionState.closedThrough;
import static dev.deliverykit.reference.retention.DurableRetentionState.effectRows;
import static dev.deliverykit.reference.retention.DurableRetentionState.receipts;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.process.ChildJvm;
import dev.deliverykit.process.ChildProcess;
import dev.deliverykit.process.ChildResult;
import dev.deliverykit.process.Handshake;
import dev.deliverykit.reference.SqliteDatabase;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The late request of seed 004 as a real process: the child is started and parked (READY) before the
 * cleanup runs, and is let go (GO) only after it committed. No sleeps: the handshake orders the steps.
 */
class LateRequestProcessTest {

    private static final String PARAMS = "{\"ticket\":\"T-1\"}";
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void aLateProcessAfterReceiptOnlyCleanupCreatesASecondEffect() {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("retention.db"));
        try (RetentionStore store = new RetentionStore(db)) {
            assertThat(store.execute("demo", 1, "work-1", PARAMS).outcome()).isEqualTo(ExecuteOutcome.CREATED);
        }

        ChildResult late = lateRequest(db, "demo", 1, "work-1", () -> {
            try (ReceiptOnlyCleanup cleanup = new ReceiptOnlyCleanup(db)) {
                assertThat(cleanup.deleteReceiptsThrough("demo", 1).receiptsDeleted())
                        .isEqualTo(1);
            }
        });

        assertThat(late.exitCode()).as(late.toString()).isZero();
        assertThat(late.stdoutLines()).containsExactly(Handshake.READY, "OUTCOME CREATED effect 2");
        assertThat(effectRows(db)).containsExactly("1 demo/1/work-1", "2 demo/1/work-1");
        assertThat(closedThrough(db, "demo")).isZero();
    }

    @Test
    void aLateProcessAfterSealingIsClosedAndOnlyANewEpochCreates() {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("retention.db"));
        try (RetentionStore store = new RetentionStore(db)) {
            store.execute("demo", 1, "work-1", PARAMS);
        }

        ChildResult late = lateRequest(db, "demo", 1, "work-1", () -> {
            try (RetentionStore sealer = new RetentionStore(db)) {
                assertThat(sealer.closeAndCollect("demo", 1)).isEqualTo(new CloseAndCollectResult("demo", 0, 1, 1));
            }
        });

        assertThat(late.exitCode()).as(late.toString()).isZero();
        assertThat(late.stdoutLines()).containsExactly(Handshake.READY, "OUTCOME CLOSED");
        assertThat(effectRows(db)).containsExactly("1 demo/1/work-1");
        assertThat(receipts(db)).isZero();

        ChildResult neverSeen = lateRequest(db, "demo", 1, "work-9", () -> {});
        ChildResult nextEpoch = lateRequest(db, "demo", 2, "work-2", () -> {});

        assertThat(neverSeen.stdoutLines()).containsExactly(Handshake.READY, "OUTCOME CLOSED");
        assertThat(nextEpoch.stdoutLines()).containsExactly(Handshake.READY, "OUTCOME CREATED effect 2");
        assertThat(effectRows(db)).containsExactly("1 demo/1/work-1", "2 demo/2/work-2");
    }

    /** Starts the late child, runs {@code meanwhile} once it is parked, then lets it go and waits for it. */
    private static ChildResult lateRequest(
            SqliteDatabase db, String namespace, long epoch, String op, Runnable meanwhile) {
        try (ChildProcess child = ChildJvm.mainClass(LateRequestChild.class)
                .args(db.file().toString(), namespace, Long.toString(epoch), op, PARAMS)
                .timeout(TIMEOUT)
                .start()) {
            child.awaitLine(Handshake.READY);
            meanwhile.run();
            child.sendLine(Handshake.GO);
            return child.awaitExit();
        }
    }
}
