package dev.deliverykit.invariant;

import static dev.deliverykit.invariant.TestDatabases.source;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.retention.ExecuteOutcome;
import dev.deliverykit.reference.retention.ReceiptOnlyCleanup;
import dev.deliverykit.reference.retention.RetentionStore;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The no-resurrection invariant judges the seed-004 reference (section 3 of protocols.md) through its
 * {@code effect(id, namespace, epoch, op)} table only.
 */
class ReferenceRetentionInvariantsTest {

    private static final String PARAMS = "{\"ticket\":\"T-1\"}";

    @TempDir
    Path dir;

    private SqliteDatabase retentionDb;
    private Invariant perEpoch;

    @BeforeEach
    void database() {
        retentionDb = SqliteDatabase.at(dir.resolve("retention.db"));
        perEpoch = Invariants.noResurrectionAfterCleanup()
                .effectsIn(source(retentionDb.file(), "retention.db"), "effect")
                .perKey("namespace", "epoch", "op");
    }

    @Test
    void receiptOnlyCleanupAndALateRequestResurrectTheEffect() {
        try (RetentionStore store = new RetentionStore(retentionDb);
                ReceiptOnlyCleanup cleanup = new ReceiptOnlyCleanup(retentionDb)) {
            assertThat(store.execute("demo", 1, "work-1", PARAMS).outcome()).isEqualTo(ExecuteOutcome.CREATED);
            cleanup.deleteReceiptsThrough("demo", 1);
            assertThat(store.execute("demo", 1, "work-1", PARAMS).outcome()).isEqualTo(ExecuteOutcome.CREATED);
        }

        assertThat(perEpoch.check().message()).isEqualTo("""
                no resurrection after cleanup: violated (checked 2 effect rows, 1 key)
                  effect resurrected after cleanup: 1 key
                    (demo, 1, work-1): found 2 effects: {id=1, namespace=demo, epoch=1, op=work-1},\
                 {id=2, namespace=demo, epoch=1, op=work-1}, expected at most 1 effect, also after cleanup""");
    }

    @Test
    void sealingTheEpochAnswersTheLateRequestClosedAndHolds() {
        try (RetentionStore store = new RetentionStore(retentionDb)) {
            store.execute("demo", 1, "work-1", PARAMS);
            store.closeAndCollect("demo", 1);
            assertThat(store.execute("demo", 1, "work-1", PARAMS).outcome()).isEqualTo(ExecuteOutcome.CLOSED);
            assertThat(store.execute("demo", 2, "work-2", PARAMS).outcome()).isEqualTo(ExecuteOutcome.CREATED);
        }

        assertThat(perEpoch.check().message())
                .isEqualTo("no resurrection after cleanup: holds (checked 2 effect rows, 2 keys)");
    }

    @Test
    void theEpochHazardIsCaughtOnlyWhenTheKeyLeavesTheEpochOut() {
        try (RetentionStore store = new RetentionStore(retentionDb)) {
            store.execute("demo", 1, "work-1", PARAMS);
            store.closeAndCollect("demo", 1);
            assertThat(store.execute("demo", 2, "work-1", PARAMS).outcome()).isEqualTo(ExecuteOutcome.CREATED);
        }
        Invariant acrossEpochs = Invariants.noResurrectionAfterCleanup()
                .effectsIn(source(retentionDb.file(), "retention.db"), "effect")
                .perKey("namespace", "op");

        assertThat(perEpoch.check().verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(acrossEpochs.check().violations())
                .extracting(Violation::subject, Violation::found)
                .containsExactly(
                        tuple(
                                "(demo, work-1)",
                                "2 effects:"
                                        + " {id=1, namespace=demo, epoch=1, op=work-1}, {id=2, namespace=demo, epoch=2, op=work-1}"));
    }
}
