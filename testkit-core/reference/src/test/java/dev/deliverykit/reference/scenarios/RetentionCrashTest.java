package dev.deliverykit.reference.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.CrashMode;
import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.retention.ExecuteResult;
import dev.deliverykit.reference.retention.RetentionStore;
import dev.deliverykit.testsupport.Db;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The crash points of protocols.md section 3, crashed for real at the names of {@link ReferenceBoundaries},
 * in this JVM and in a child JVM that halts with exit code 73; recovery is a new {@link RetentionStore} on
 * the same file (with no lock wait, so a lock left behind would fail it).
 */
class RetentionCrashTest {

    private static final ExecuteResult REPLAYED_EFFECT_1 = new ExecuteResult.Replayed(1);
    private static final ExecuteResult CLOSED = new ExecuteResult.Closed();
    private static final ExecuteResult CREATED_EFFECT_1 = new ExecuteResult.Created(1);

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @EnumSource(CrashMode.class)
    void closeAndCollectDiesAfterTheBoundaryUpdate(CrashMode mode) throws Exception {
        SqliteDatabase db = executedThenCrashedInCloseAndCollect(mode, ReferenceBoundaries.CLOSE_AFTER_BOUNDARY_UPDATE);

        assertState(db, 0, 1, 1);
        assertThat(lateRequest(db)).isEqualTo(REPLAYED_EFFECT_1);
        assertState(db, 0, 1, 1);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(CrashMode.class)
    void closeAndCollectDiesAfterTheReceiptDelete(CrashMode mode) throws Exception {
        SqliteDatabase db = executedThenCrashedInCloseAndCollect(mode, ReferenceBoundaries.CLOSE_AFTER_RECEIPT_DELETE);

        assertState(db, 0, 1, 1);
        assertThat(lateRequest(db)).isEqualTo(REPLAYED_EFFECT_1);
        assertState(db, 0, 1, 1);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(CrashMode.class)
    void closeAndCollectDiesAfterItsCommitBeforeTheReply(CrashMode mode) throws Exception {
        SqliteDatabase db = executedThenCrashedInCloseAndCollect(mode, ReferenceBoundaries.CLOSE_AFTER_COMMIT);

        assertState(db, 1, 0, 1);
        assertThat(lateRequest(db)).isEqualTo(CLOSED);
        assertState(db, 1, 0, 1);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(CrashMode.class)
    void executeDiesAfterTheEffectInsertBeforeTheReceiptInsert(CrashMode mode) throws Exception {
        Path file = dir.resolve("retention.db");
        CrashRuns.crash(mode, ReferenceBoundaries.EXECUTE_AFTER_EFFECT_INSERT, ExecuteWork1.class, file.toString());
        SqliteDatabase db = SqliteDatabase.at(file);

        assertState(db, 0, 0, 0);
        assertThat(lateRequest(db)).as("the retry after recovery").isEqualTo(CREATED_EFFECT_1);
        assertState(db, 0, 1, 1);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(CrashMode.class)
    void executeDiesAfterItsCommitBeforeTheReply(CrashMode mode) throws Exception {
        Path file = dir.resolve("retention.db");
        CrashRuns.crash(mode, ReferenceBoundaries.EXECUTE_AFTER_COMMIT, ExecuteWork1.class, file.toString());
        SqliteDatabase db = SqliteDatabase.at(file);

        assertState(db, 0, 1, 1);
        assertThat(lateRequest(db)).as("the retry after recovery").isEqualTo(REPLAYED_EFFECT_1);
        assertState(db, 0, 1, 1);
    }

    /** demo/1/work-1 committed by one process, then another dies inside close and collect through epoch 1. */
    private SqliteDatabase executedThenCrashedInCloseAndCollect(CrashMode mode, String boundary) throws Exception {
        Path file = dir.resolve("retention.db");
        SqliteDatabase db = SqliteDatabase.at(file);
        try (RetentionStore store = new RetentionStore(db)) {
            assertThat(store.execute("demo", 1, "work-1", RetentionScenarios.PARAMS))
                    .isEqualTo(CREATED_EFFECT_1);
        }
        CrashRuns.crash(mode, boundary, CloseAndCollectThroughEpoch1.class, file.toString());
        return db;
    }

    /** Recovery: a new store, no lock wait, answers the old request demo/1/work-1 again. */
    private static ExecuteResult lateRequest(SqliteDatabase db) {
        try (RetentionStore recovered = new RetentionStore(db.withBusyTimeout(Duration.ZERO))) {
            return recovered.execute("demo", 1, "work-1", RetentionScenarios.PARAMS);
        }
    }

    /** The committed boundary of demo (0 without a boundary row), its receipts, and all effects. */
    private static void assertState(SqliteDatabase db, long closedThrough, long receipts, long effects) {
        long boundary = Db.rows(db.file(), "SELECT closed_through FROM boundary WHERE namespace = ?", "demo").stream()
                .mapToLong(row -> ((Number) row.get("closed_through")).longValue())
                .findFirst()
                .orElse(0);
        assertThat(boundary).as("closed_through of demo").isEqualTo(closedThrough);
        assertThat(Db.value(db.file(), "SELECT count(*) FROM receipt WHERE namespace = ?", "demo"))
                .as("receipts of demo")
                .isEqualTo((int) receipts);
        assertThat(Db.count(db.file(), "effect")).as("effects").isEqualTo(effects);
    }
}
