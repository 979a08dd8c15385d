package dev.deliverykit.reference.retention;

import static dev.deliverykit.reference.retention.DurableRetentionState.effectRows;
import static dev.deliverykit.reference.retention.DurableRetentionState.effects;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.reference.internal.json.CanonicalJson;
import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.testsupport.Db;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RetentionStoreExecuteTest {

    @TempDir
    Path dir;

    @Test
    void newKeyIsCreatedWithItsEffectAndReceiptInOneCommit() {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("retention.db"));
        try (RetentionStore store = new RetentionStore(db)) {
            ExecuteResult result = store.execute("demo", 1, "work-1", "abc");

            assertThat(result).isEqualTo(new ExecuteResult.Created(1));
        }
        assertThat(effectRows(db)).containsExactly("1 demo/1/work-1");
        assertThat(Db.rows(db.file(), "SELECT namespace, epoch, op, digest, result FROM receipt")).singleElement()
                .satisfies(row -> {
                    assertThat(row).containsEntry("namespace", "demo").containsEntry("epoch", 1)
                            .containsEntry("op", "work-1").containsEntry("result", 1);
                    // SHA-256("abc"), the FIPS 180-2 test vector: the digest is of the exact UTF-8 string.
                    assertThat(row).containsEntry("digest",
                            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
                });
    }

    @Test
    void sameKeyAndParamsIsReplayedWithTheStoredEffectAndNoNewEffect() {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("retention.db"));
        try (RetentionStore store = new RetentionStore(db)) {
            store.execute("demo", 1, "work-1", "{\"ticket\":\"T-1\"}");

            ExecuteResult retry = store.execute("demo", 1, "work-1", "{\"ticket\":\"T-1\"}");

            assertThat(retry).isEqualTo(new ExecuteResult.Replayed(1));
        }
        assertThat(effects(db)).isEqualTo(1);
    }

    @Test
    void sameKeyWithOtherParamsIsAConflictAndTheReceiptKeepsTheOriginalDigest() {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("retention.db"));
        String original = "{\"ticket\":\"T-1\"}";
        try (RetentionStore store = new RetentionStore(db)) {
            store.execute("demo", 1, "work-1", original);

            ExecuteResult changed = store.execute("demo", 1, "work-1", "{\"ticket\":\"T-2\"}");

            assertThat(changed).isEqualTo(new ExecuteResult.Conflict());
        }
        assertThat(effects(db)).isEqualTo(1);
        assertThat(Db.value(db.file(), "SELECT digest FROM receipt")).isEqualTo(CanonicalJson.sha256(original));
    }

    @Test
    void theDigestIsOfTheExactStringSoInsignificantWhiteSpaceIsStillAConflict() {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("retention.db"));
        try (RetentionStore store = new RetentionStore(db)) {
            store.execute("demo", 1, "work-1", "{\"a\":1}");

            assertThat(store.execute("demo", 1, "work-1", "{\"a\": 1}").outcome()).isEqualTo(ExecuteOutcome.CONFLICT);
        }
        assertThat(effects(db)).isEqualTo(1);
    }

    @Test
    void differentOpsOfOneEpochAreDifferentKeys() {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("retention.db"));
        try (RetentionStore store = new RetentionStore(db)) {
            assertThat(store.execute("demo", 1, "work-1", "p").effectId()).hasValue(1);
            assertThat(store.execute("demo", 1, "work-2", "p").effectId()).hasValue(2);
        }
        assertThat(effectRows(db)).containsExactly("1 demo/1/work-1", "2 demo/1/work-2");
    }

    @Test
    void aNewStoreOnTheSameFileRecoversTheReceiptsAndReplays() {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("retention.db"));
        try (RetentionStore first = new RetentionStore(db)) {
            first.execute("demo", 1, "work-1", "p");
        }
        try (RetentionStore recovered = new RetentionStore(db)) {
            assertThat(recovered.execute("demo", 1, "work-1", "p"))
                    .isEqualTo(new ExecuteResult.Replayed(1));
        }
        assertThat(effects(db)).isEqualTo(1);
    }

    @Test
    void paramsOfExactlyTheMaximumLengthAreAccepted() {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("retention.db"));
        try (RetentionStore store = new RetentionStore(db)) {
            String longest = "x".repeat(RetentionStore.MAX_PARAMS_LENGTH);

            assertThat(store.execute("demo", 1, "work-1", longest).outcome()).isEqualTo(ExecuteOutcome.CREATED);
            assertThat(store.execute("demo", 1, "work-1", longest).outcome()).isEqualTo(ExecuteOutcome.REPLAYED);
        }
    }
}
