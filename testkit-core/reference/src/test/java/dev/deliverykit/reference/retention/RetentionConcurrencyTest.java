package dev.deliverykit.reference.retention;

import static dev.deliverykit.reference.retention.DurableRetentionState.effectRows;
import static dev.deliverykit.reference.retention.DurableRetentionState.receiptsOf;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.reference.SqliteDatabase;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * 8 threads, 16 calls, one key (seed 004): BEGIN IMMEDIATE orders the calls, so exactly one creates and
 * every other one replays. One schedule of many; it checks the outcome counts, never who won.
 */
class RetentionConcurrencyTest {

    private static final int THREADS = 8;
    private static final int CALLS_PER_THREAD = 2;

    @TempDir
    Path dir;

    @Test
    void sixteenCallsOnOneKeyFromEightThreadsCreateOnceAndReplayFifteenTimes() throws Exception {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("retention.db"));
        CyclicBarrier start = new CyclicBarrier(THREADS);
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        List<Future<List<ExecuteResult>>> threads = new ArrayList<>();
        try {
            for (int t = 0; t < THREADS; t++) {
                threads.add(pool.submit(callsOnOwnStore(db, start)));
            }
            List<ExecuteResult> results = new ArrayList<>();
            for (Future<List<ExecuteResult>> thread : threads) {
                results.addAll(thread.get(60, TimeUnit.SECONDS));
            }

            assertThat(results).hasSize(THREADS * CALLS_PER_THREAD);
            Map<ExecuteOutcome, Long> counts =
                    results.stream().collect(Collectors.groupingBy(ExecuteResult::outcome, Collectors.counting()));
            assertThat(counts)
                    .containsExactlyInAnyOrderEntriesOf(
                            Map.of(ExecuteOutcome.CREATED, 1L, ExecuteOutcome.REPLAYED, 15L));
            assertThat(results).extracting(ExecuteResult::effectId).containsOnly(OptionalLong.of(1));
        } finally {
            pool.shutdownNow();
        }
        assertThat(effectRows(db)).containsExactly("1 demo/1/work-1");
        assertThat(receiptsOf(db, "demo")).containsExactly("1/work-1 1");
    }

    /** Each thread opens its own store (its own connection), waits for all, then calls twice. */
    private static Callable<List<ExecuteResult>> callsOnOwnStore(SqliteDatabase db, CyclicBarrier start) {
        return () -> {
            try (RetentionStore store = new RetentionStore(db)) {
                start.await(60, TimeUnit.SECONDS);
                List<ExecuteResult> results = new ArrayList<>();
                for (int call = 0; call < CALLS_PER_THREAD; call++) {
                    results.add(store.execute("demo", 1, "work-1", "{\"ticket\":\"T-1\"}"));
                }
                return results;
            }
        };
    }
}
