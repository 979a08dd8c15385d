package dev.deliverykit.reference.scenarios;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.internal.markdown.MarkdownTable;
import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.StoreException;
import dev.deliverykit.reference.retention.BoundaryLoweringException;
import dev.deliverykit.reference.retention.CloseAndCollectResult;
import dev.deliverykit.reference.retention.ExecuteOutcome;
import dev.deliverykit.reference.retention.ExecuteResult;
import dev.deliverykit.reference.retention.ReceiptCleanupResult;
import dev.deliverykit.reference.retention.ReceiptOnlyCleanup;
import dev.deliverykit.reference.retention.RetentionStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apiguardian.api.API;

/**
 * Section 3 of {@code docs/protocols.md}, retention of dedup records (seed 004): every named scenario
 * run on a fresh database, rendered as tables of outcomes and committed state, with the crashes inside
 * {@code close_and_collect} and {@code execute} from real process exits of child JVMs, compared with the same
 * crashes in process ({@link RetentionCrashTables}).
 * Late requests run in a fresh {@link RetentionStore} on the same file (a new connection, as a late
 * process would have); the tests run them as real child processes.
 *
 * <pre>{@code
 * String markdown = new RetentionScenarios().render(Files.createTempDirectory("retention"));
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class RetentionScenarios implements ScenarioSection {

    static final String PARAMS = "{\"ticket\":\"T-1\"}";
    private static final int THREADS = 8;
    private static final int CALLS = 16;

    private static final String COUNT_EFFECTS = "SELECT count(*) FROM effect";
    private static final String COUNT_RECEIPTS_OF = "SELECT count(*) FROM receipt WHERE namespace = ?";
    private static final String CLOSED_THROUGH_OF = "SELECT closed_through FROM boundary WHERE namespace = ?";

    @Override
    public String render(Path workDirectory) throws Exception {
        return "## Retention of dedup records\n\n"
                + "Receipts keyed by (namespace, epoch, op); `closed_through` per namespace. State columns are"
                + " read back from the committed database after each step.\n\n"
                + "### Unsafe cleanup (delete receipts only), then a late request\n\n"
                + unsafeCleanup(database(workDirectory, "unsafe-cleanup")) + "\n"
                + "### Seal epoch 1 (close and collect), then late requests\n\n"
                + sealing(database(workDirectory, "sealing")) + "\n"
                + "### Result tombstone\n\n"
                + tombstone(database(workDirectory, "tombstone")) + "\n"
                + "### Monotonic boundary\n\n"
                + monotonicBoundary(database(workDirectory, "monotonic")) + "\n"
                + "### Namespace isolation (seal demo through 1)\n\n"
                + namespaceIsolation(database(workDirectory, "isolation")) + "\n"
                + RetentionCrashTables.render(Files.createDirectories(workDirectory.resolve("crashes"))) + "\n"
                + "### A trigger rejects the receipt delete inside close and collect\n\n"
                + triggerRollback(database(workDirectory, "trigger-rollback")) + "\n"
                + "### " + THREADS + " threads, " + CALLS + " calls, one key\n\n"
                + concurrency(database(workDirectory, "concurrency")) + "\n"
                + "### Hazard: re-sending an op under a new epoch (documented, not hidden)\n\n"
                + epochHazard(database(workDirectory, "epoch-hazard"))
                + "\nThe key includes the epoch, so `demo/2/work-1` is a new key: there is no dedup across"
                + " epochs. Epochs must come from trusted task state, never be changed to get past `closed`.\n";
    }

    private static String unsafeCleanup(SqliteDatabase db) throws SQLException {
        StepTable table = new StepTable(db, "demo");
        try (RetentionStore store = new RetentionStore(db)) {
            table.step("execute demo/1/work-1", describe(store.execute("demo", 1, "work-1", PARAMS)));
        }
        try (ReceiptOnlyCleanup cleanup = new ReceiptOnlyCleanup(db)) {
            ReceiptCleanupResult cleaned = cleanup.deleteReceiptsThrough("demo", 1);
            table.step(
                    "delete receipts through epoch 1, boundary untouched",
                    cleaned.receiptsDeleted() + " receipt(s) deleted");
        }
        try (RetentionStore late = new RetentionStore(db)) {
            table.step("late request demo/1/work-1", describe(late.execute("demo", 1, "work-1", PARAMS)));
        }
        return table.render();
    }

    private static String sealing(SqliteDatabase db) throws SQLException {
        StepTable table = new StepTable(db, "demo");
        try (RetentionStore store = new RetentionStore(db)) {
            table.step("execute demo/1/work-1", describe(store.execute("demo", 1, "work-1", PARAMS)));
            table.step("close and collect through epoch 1", describe(store.closeAndCollect("demo", 1)));
        }
        try (RetentionStore late = new RetentionStore(db)) {
            table.step("late request demo/1/work-1", describe(late.execute("demo", 1, "work-1", PARAMS)));
            table.step("never-seen op demo/1/work-9", describe(late.execute("demo", 1, "work-9", "{}")));
            table.step("new op demo/2/work-2", describe(late.execute("demo", 2, "work-2", "{}")));
        }
        return table.render();
    }

    private static String tombstone(SqliteDatabase db) throws SQLException {
        StepTable table = new StepTable(db, "demo");
        try (RetentionStore store = new RetentionStore(db)) {
            table.step("execute demo/1/work-1", describe(store.execute("demo", 1, "work-1", PARAMS)));
            table.step("expire the result of demo/1/work-1", store.expireResult("demo", 1, "work-1"));
            table.step("same key, same params", describe(store.execute("demo", 1, "work-1", PARAMS)));
            table.step(
                    "same key, changed params", describe(store.execute("demo", 1, "work-1", "{\"ticket\":\"T-2\"}")));
        }
        return table.render();
    }

    private static String monotonicBoundary(SqliteDatabase db) throws SQLException {
        StepTable table = new StepTable(db, "demo");
        try (RetentionStore store = new RetentionStore(db)) {
            table.step("execute demo/1/work-1", describe(store.execute("demo", 1, "work-1", PARAMS)));
            table.step("close and collect through epoch 3", describe(store.closeAndCollect("demo", 3)));
            String refusal;
            try {
                store.closeAndCollect("demo", 1);
                refusal = "accepted (WRONG)";
            } catch (BoundaryLoweringException e) {
                refusal = "refused: BoundaryLoweringException, current boundary " + e.closedThrough();
            }
            table.step("close and collect through epoch 1", refusal);
        }
        try (RetentionStore reinitialised = new RetentionStore(db)) {
            table.step(
                    "re-initialise the store on the same file",
                    "closedThrough(demo) = " + reinitialised.closedThrough("demo"));
            table.step("late request demo/2/work-2", describe(reinitialised.execute("demo", 2, "work-2", PARAMS)));
        }
        return table.render();
    }

    private static String namespaceIsolation(SqliteDatabase db) throws SQLException {
        try (RetentionStore store = new RetentionStore(db)) {
            store.execute("demo", 1, "work-1", PARAMS);
            store.execute("other", 1, "work-1", PARAMS);
            store.closeAndCollect("demo", 1);
            MarkdownTable table = new MarkdownTable(
                    "namespace", "closed_through", "receipts after the seal", "retry of 1/work-1", "new op 1/work-2");
            for (String namespace : List.of("demo", "other")) {
                long closedThrough = closedThrough(db, namespace);
                long receipts = receipts(db, namespace);
                table.row(
                        namespace,
                        closedThrough,
                        receipts,
                        describe(store.execute(namespace, 1, "work-1", PARAMS)),
                        describe(store.execute(namespace, 1, "work-2", PARAMS)));
            }
            return table.render();
        }
    }

    private static String triggerRollback(SqliteDatabase db) throws SQLException {
        StepTable table = new StepTable(db, "demo");
        try (RetentionStore store = new RetentionStore(db)) {
            table.step("execute demo/1/work-1", describe(store.execute("demo", 1, "work-1", PARAMS)));
            try (Connection connection = db.open();
                    Statement statement = connection.createStatement()) {
                statement.execute("CREATE TRIGGER reject_receipt_delete BEFORE DELETE ON receipt"
                        + " BEGIN SELECT RAISE(ABORT, 'injected fault: receipt delete rejected'); END");
            }
            String seal;
            try {
                seal = "committed (WRONG): " + describe(store.closeAndCollect("demo", 1));
            } catch (StoreException e) {
                seal = "StoreException, whole transaction rolled back";
            }
            table.step("close and collect through epoch 1", seal);
            table.step("retry demo/1/work-1", describe(store.execute("demo", 1, "work-1", PARAMS)));
        }
        return table.render();
    }

    private static String concurrency(SqliteDatabase db) throws Exception {
        new RetentionStore(db).close(); // creates the tables once, so the race is about the key only
        CyclicBarrier start = new CyclicBarrier(THREADS);
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        Map<ExecuteOutcome, Integer> counts = new EnumMap<>(ExecuteOutcome.class);
        try {
            List<Future<List<ExecuteOutcome>>> threads = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                threads.add(pool.submit(callsOnOwnStore(db, start, CALLS / THREADS)));
            }
            for (Future<List<ExecuteOutcome>> thread : threads) {
                for (ExecuteOutcome outcome : thread.get(60, TimeUnit.SECONDS)) {
                    counts.merge(outcome, 1, Integer::sum);
                }
            }
        } finally {
            pool.shutdownNow();
        }
        MarkdownTable table = new MarkdownTable("threads", "calls", "created", "replayed", "other", "effects");
        int created = counts.getOrDefault(ExecuteOutcome.CREATED, 0);
        int replayed = counts.getOrDefault(ExecuteOutcome.REPLAYED, 0);
        int total = counts.values().stream().mapToInt(Integer::intValue).sum();
        return table.row(THREADS, total, created, replayed, total - created - replayed, effects(db))
                .render();
    }

    /** One thread: its own store (its own connection), all threads released together, then its calls. */
    private static Callable<List<ExecuteOutcome>> callsOnOwnStore(SqliteDatabase db, CyclicBarrier start, int calls) {
        return () -> {
            try (RetentionStore store = new RetentionStore(db)) {
                start.await(60, TimeUnit.SECONDS);
                List<ExecuteOutcome> outcomes = new ArrayList<>();
                for (int call = 0; call < calls; call++) {
                    outcomes.add(store.execute("demo", 1, "work-1", PARAMS).outcome());
                }
                return outcomes;
            }
        };
    }

    private static String epochHazard(SqliteDatabase db) throws SQLException {
        StepTable table = new StepTable(db, "demo");
        try (RetentionStore store = new RetentionStore(db)) {
            table.step("execute demo/1/work-1", describe(store.execute("demo", 1, "work-1", PARAMS)));
            table.step("close and collect through epoch 1", describe(store.closeAndCollect("demo", 1)));
            table.step("re-send demo/1/work-1", describe(store.execute("demo", 1, "work-1", PARAMS)));
            table.step("re-send as demo/2/work-1", describe(store.execute("demo", 2, "work-1", PARAMS)));
        }
        return table.render();
    }

    static String describe(ExecuteResult result) {
        return ContractWords.of(result.outcome())
                + (result.effectId().isPresent()
                        ? " (effect " + result.effectId().getAsLong() + ")"
                        : "");
    }

    private static String describe(CloseAndCollectResult sealed) {
        return "closed_through " + sealed.previousClosedThrough() + " -> " + sealed.closedThrough() + ", "
                + sealed.receiptsDeleted() + " receipt(s) deleted";
    }

    private static SqliteDatabase database(Path workDirectory, String scenario) {
        return SqliteDatabase.at(workDirectory.resolve(scenario + ".db"));
    }

    static long effects(SqliteDatabase db) throws SQLException {
        return single(db, COUNT_EFFECTS);
    }

    static long receipts(SqliteDatabase db, String namespace) throws SQLException {
        return single(db, COUNT_RECEIPTS_OF, namespace);
    }

    /** The committed boundary; 0 when the namespace was never sealed (no boundary row). */
    static long closedThrough(SqliteDatabase db, String namespace) throws SQLException {
        return single(db, CLOSED_THROUGH_OF, namespace);
    }

    /** The first column of the first row, or 0 without rows; read through a connection of its own. */
    private static long single(SqliteDatabase db, String sql, Object... parameters) throws SQLException {
        try (Connection connection = db.open();
                PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            try (ResultSet row = statement.executeQuery()) {
                return row.next() ? row.getLong(1) : 0;
            }
        }
    }

    /** Steps of one scenario with the committed state after each: effects, receipts, boundary. */
    private static final class StepTable {
        private final SqliteDatabase db;
        private final String namespace;
        private final MarkdownTable table =
                new MarkdownTable("step", "answer", "effects", "receipts", "closed_through");

        StepTable(SqliteDatabase db, String namespace) {
            this.db = db;
            this.namespace = namespace;
        }

        void step(String step, Object answer) throws SQLException {
            Object shown = answer instanceof Enum<?> outcome ? ContractWords.of(outcome) : answer;
            table.row(step, shown, effects(db), receipts(db, namespace), closedThrough(db, namespace));
        }

        String render() {
            return table.render();
        }
    }
}
