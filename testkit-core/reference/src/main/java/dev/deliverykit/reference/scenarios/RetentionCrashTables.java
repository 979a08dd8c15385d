package dev.deliverykit.reference.scenarios;

import dev.deliverykit.Workload;
import dev.deliverykit.boundary.BoundaryEngine;
import dev.deliverykit.boundary.CrashPlan;
import dev.deliverykit.internal.markdown.MarkdownTable;
import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.retention.RetentionStore;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.function.Function;

/**
 * The crash points of protocols.md section 3 from real in-process crashes: inside
 * {@code close_and_collect} (after the boundary update, after the receipt delete, after the commit) and
 * inside {@code execute} (after the effect insert, after the commit). Each row starts from a fresh file,
 * kills one call at the named boundary of {@link ReferenceBoundaries}, reads the committed state, then a
 * new {@link RetentionStore} (recovery) answers the old request {@code demo/1/work-1} again.
 *
 * <pre>{@code
 * String markdown = RetentionCrashTables.render(Files.createTempDirectory("retention-crashes"));
 * }</pre>
 */
final class RetentionCrashTables {

    private static final String NAMESPACE = "demo";
    private static final String OP = "work-1";

    /** A row: the contract's words, the catalogue's boundary, and the call that dies there. */
    private record Row(String processDies, String boundary, Function<SqliteDatabase, Workload> dyingCall) {
    }

    private static final List<Row> CLOSE_AND_COLLECT = List.of(
            new Row("after the boundary update, before commit", ReferenceBoundaries.CLOSE_AFTER_BOUNDARY_UPDATE,
                    RetentionCrashTables::closeThroughEpoch1),
            new Row("after the delete, before commit", ReferenceBoundaries.CLOSE_AFTER_RECEIPT_DELETE,
                    RetentionCrashTables::closeThroughEpoch1),
            new Row("after commit, before reply", ReferenceBoundaries.CLOSE_AFTER_COMMIT,
                    RetentionCrashTables::closeThroughEpoch1));

    private static final List<Row> EXECUTE = List.of(
            new Row("after the effect insert, before the receipt insert", ReferenceBoundaries.EXECUTE_AFTER_EFFECT_INSERT,
                    RetentionCrashTables::executeWork1),
            new Row("after commit, before reply", ReferenceBoundaries.EXECUTE_AFTER_COMMIT,
                    RetentionCrashTables::executeWork1));

    private RetentionCrashTables() {
    }

    static String render(Path workDirectory) throws SQLException {
        MarkdownTable close = new MarkdownTable("close_and_collect dies", "boundary", "closed_through before recovery",
                "receipts before recovery", "old request after recovery", "effects after recovery");
        int scenario = 0;
        for (Row row : CLOSE_AND_COLLECT) {
            SqliteDatabase db = SqliteDatabase.at(workDirectory.resolve("close-" + ++scenario + ".db"));
            try (RetentionStore store = new RetentionStore(db)) {
                store.execute(NAMESPACE, 1, OP, RetentionScenarios.PARAMS);
            }
            crash(row, db);
            long boundary = RetentionScenarios.closedThrough(db, NAMESPACE);
            long receipts = RetentionScenarios.receipts(db, NAMESPACE);
            close.row(row.processDies(), "`" + row.boundary() + "`", boundary, receipts, oldRequest(db),
                    RetentionScenarios.effects(db));
        }
        MarkdownTable execute = new MarkdownTable("execute dies", "boundary", "effects before recovery",
                "receipts before recovery", "retry after recovery", "effects after recovery");
        scenario = 0;
        for (Row row : EXECUTE) {
            SqliteDatabase db = SqliteDatabase.at(workDirectory.resolve("execute-" + ++scenario + ".db"));
            crash(row, db);
            long effects = RetentionScenarios.effects(db);
            long receipts = RetentionScenarios.receipts(db, NAMESPACE);
            execute.row(row.processDies(), "`" + row.boundary() + "`", effects, receipts, oldRequest(db),
                    RetentionScenarios.effects(db));
        }
        return "### Crash inside close_and_collect (demo/1/work-1 executed, then close through epoch 1)\n\n"
                + close.render() + "\n"
                + "### Crash inside execute (demo/1/work-1 on a fresh file), then the retry\n\n"
                + execute.render();
    }

    private static void crash(Row row, SqliteDatabase db) {
        BoundaryEngine.get().crashInProcess(CrashPlan.at(ReferenceBoundaries.catalogue(), row.boundary()),
                row.dyingCall().apply(db));
    }

    private static Workload closeThroughEpoch1(SqliteDatabase db) {
        return () -> {
            try (RetentionStore store = new RetentionStore(db)) {
                store.closeAndCollect(NAMESPACE, 1);
            }
        };
    }

    private static Workload executeWork1(SqliteDatabase db) {
        return () -> {
            try (RetentionStore store = new RetentionStore(db)) {
                store.execute(NAMESPACE, 1, OP, RetentionScenarios.PARAMS);
            }
        };
    }

    /** Recovery: a new store answers the old request again. */
    private static String oldRequest(SqliteDatabase db) {
        try (RetentionStore recovered = new RetentionStore(db)) {
            return RetentionScenarios.describe(recovered.execute(NAMESPACE, 1, OP, RetentionScenarios.PARAMS));
        }
    }
}
