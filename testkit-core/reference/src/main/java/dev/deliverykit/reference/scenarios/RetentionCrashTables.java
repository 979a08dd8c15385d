package dev.deliverykit.reference.scenarios;

import dev.deliverykit.CrashMode;
import dev.deliverykit.boundary.CrashResult;
import dev.deliverykit.boundary.ProcessWorkload;
import dev.deliverykit.internal.markdown.MarkdownTable;
import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.retention.RetentionStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * The crash points of protocols.md section 3 from real process exits: inside {@code close_and_collect} (after
 * the boundary update, after the receipt delete, after the commit) and inside {@code execute} (after the
 * effect insert, after the commit). Each row starts from a fresh file; a child JVM makes the one call
 * ({@link CloseAndCollectThroughEpoch1}, {@link ExecuteWork1}) and the boundary engine halts it at the named
 * boundary of {@link ReferenceBoundaries} with exit code 73. This JVM reads the committed state, then a new
 * {@link RetentionStore} (recovery) answers the old request {@code demo/1/work-1} again. The same crashes in
 * this JVM (in process) must give the same rows; the text says whether they do.
 *
 * <pre>{@code
 * String markdown = RetentionCrashTables.render(Files.createTempDirectory("retention-crashes"));
 * }</pre>
 */
final class RetentionCrashTables {

    private static final String NAMESPACE = "demo";
    private static final String OP = "work-1";

    /** A row: the contract's words, the catalogue's boundary. */
    record Row(String processDies, String boundary) {}

    /** The committed figure a table shows before recovery. */
    @FunctionalInterface
    interface StateBefore {
        long read(SqliteDatabase db) throws SQLException;
    }

    /**
     * One table: its rows, the process that dies in each, whether {@code demo/1/work-1} was executed (by an
     * earlier process) before it starts, and the columns it shows.
     */
    record Table(
            String heading,
            List<Row> rows,
            Class<? extends ProcessWorkload> dyingProcess,
            boolean executedFirst,
            String diesColumn,
            String stateColumn,
            StateBefore stateBefore,
            String requestColumn) {

        String render(List<Outcome> outcomes) {
            MarkdownTable table = new MarkdownTable(
                    diesColumn,
                    "boundary",
                    CrashEvidence.EXIT,
                    stateColumn,
                    "receipts before recovery",
                    requestColumn,
                    "effects after recovery");
            outcomes.forEach(outcome -> table.row(outcome.cellsWithExit()));
            return table.render();
        }
    }

    /**
     * A row as it came out: the crash (with the child's exit code, if any), the table's figure and the
     * receipts before recovery, and the old request's answer and the effects after recovery.
     */
    record Outcome(Row row, CrashResult crash, long stateBefore, long receiptsBefore, String request, long effects) {

        /** The row's cells but the exit code: what must not depend on how the process died. */
        List<Object> cells() {
            return List.of(
                    row.processDies(), "`" + row.boundary() + "`", stateBefore, receiptsBefore, request, effects);
        }

        Object[] cellsWithExit() {
            List<Object> cells = new ArrayList<>(cells());
            cells.add(2, CrashEvidence.exitCode(crash));
            return cells.toArray();
        }
    }

    static final Table CLOSE_AND_COLLECT = new Table(
            "Crash inside close_and_collect (real process exits; demo/1/work-1 executed, then close through epoch 1)",
            List.of(
                    new Row(
                            "after the boundary update, before commit",
                            ReferenceBoundaries.CLOSE_AFTER_BOUNDARY_UPDATE),
                    new Row("after the delete, before commit", ReferenceBoundaries.CLOSE_AFTER_RECEIPT_DELETE),
                    new Row("after commit, before reply", ReferenceBoundaries.CLOSE_AFTER_COMMIT)),
            CloseAndCollectThroughEpoch1.class,
            true,
            "close_and_collect dies",
            "closed_through before recovery",
            db -> RetentionScenarios.closedThrough(db, NAMESPACE),
            "old request after recovery");

    static final Table EXECUTE = new Table(
            "Crash inside execute (real process exits; demo/1/work-1 on a fresh file), then the retry",
            List.of(
                    new Row(
                            "after the effect insert, before the receipt insert",
                            ReferenceBoundaries.EXECUTE_AFTER_EFFECT_INSERT),
                    new Row("after commit, before reply", ReferenceBoundaries.EXECUTE_AFTER_COMMIT)),
            ExecuteWork1.class,
            false,
            "execute dies",
            "effects before recovery",
            RetentionScenarios::effects,
            "retry after recovery");

    private RetentionCrashTables() {}

    /** Both tables of the real process exits, each followed by whether the in-process crashes agree. */
    static String render(Path workDirectory) throws Exception {
        return render(CLOSE_AND_COLLECT, workDirectory.resolve("close-and-collect"), "the same three crashes")
                + "\n"
                + render(EXECUTE, workDirectory.resolve("execute"), "the same two crashes");
    }

    private static String render(Table table, Path workDirectory, String crashes) throws Exception {
        List<Outcome> real =
                outcomes(table, table.rows(), workDirectory.resolve("child-process"), CrashMode.CHILD_PROCESS);
        List<Outcome> inProcess =
                outcomes(table, table.rows(), workDirectory.resolve("in-process"), CrashMode.IN_PROCESS);
        return "### " + table.heading() + "\n\n"
                + table.render(real) + "\n"
                + "Each row is a child JVM that the boundary engine halts at the named boundary of"
                + " `ReferenceBoundaries`; `exit` is the exit code the report read from that process. Recovery is a"
                + " new `RetentionStore` in the report's JVM.\n\n"
                + CrashEvidence.inProcessComparison(
                        crashes,
                        real.stream()
                                .map(Outcome::cells)
                                .toList()
                                .equals(inProcess.stream().map(Outcome::cells).toList()),
                        () -> table.render(inProcess));
    }

    /** Crashes and recovers each row on its own file below {@code workDirectory}; outcomes in the rows' order. */
    static List<Outcome> outcomes(Table table, List<Row> rows, Path workDirectory, CrashMode mode) throws Exception {
        Files.createDirectories(workDirectory);
        List<Callable<Outcome>> cases = new ArrayList<>();
        int scenario = 0;
        for (Row row : rows) {
            SqliteDatabase db = SqliteDatabase.at(workDirectory.resolve("crash-" + ++scenario + ".db"));
            cases.add(() -> crashAndRecover(table, row, mode, db));
        }
        return CrashCases.run(mode, cases);
    }

    private static Outcome crashAndRecover(Table table, Row row, CrashMode mode, SqliteDatabase db) throws Exception {
        if (table.executedFirst()) {
            try (RetentionStore store = new RetentionStore(db)) {
                store.execute(NAMESPACE, 1, OP, RetentionScenarios.PARAMS);
            }
        }
        CrashResult crash = ReferenceCrash.at(
                row.boundary(), mode, table.dyingProcess(), db.file().toString());
        long stateBefore = table.stateBefore().read(db);
        long receipts = RetentionScenarios.receipts(db, NAMESPACE);
        return new Outcome(row, crash, stateBefore, receipts, oldRequest(db), RetentionScenarios.effects(db));
    }

    /** Recovery: a new store answers the old request again. */
    private static String oldRequest(SqliteDatabase db) {
        try (RetentionStore recovered = new RetentionStore(db)) {
            return RetentionScenarios.describe(recovered.execute(NAMESPACE, 1, OP, RetentionScenarios.PARAMS));
        }
    }
}
