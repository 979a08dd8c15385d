package dev.deliverykit.reference.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.testsupport.Db;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IdempotentReceiverConcurrencyTest {

    private static final int WORKERS = 8;

    @TempDir
    Path dir;

    @Test
    void eightWorkersReleasedTogetherOnOneKeyGiveOneEffect() throws Exception {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("warehouse.db"));
        IdempotencyKey key = new IdempotencyKey("tenantA", "reserve42");
        List<IdempotentReceiver> receivers = new ArrayList<>();
        for (int i = 0; i < WORKERS; i++) {
            receivers.add(new IdempotentReceiver(db)); // one connection each, like separate workers
        }
        CyclicBarrier start = new CyclicBarrier(WORKERS);
        ExecutorService pool = Executors.newFixedThreadPool(WORKERS);
        List<ExecutionResult> results = new ArrayList<>();
        try {
            List<Future<ExecutionResult>> futures = new ArrayList<>();
            for (IdempotentReceiver receiver : receivers) {
                futures.add(pool.submit(() -> {
                    start.await();
                    return receiver.execute(key, Map.of("part", "P-7", "quantity", 1));
                }));
            }
            for (Future<ExecutionResult> future : futures) {
                results.add(future.get(60, TimeUnit.SECONDS));
            }
        } finally {
            pool.shutdownNow();
            receivers.forEach(IdempotentReceiver::close);
        }

        assertThat(results.stream().collect(Collectors.groupingBy(ExecutionResult::outcome, Collectors.counting())))
                .isEqualTo(Map.of(ExecutionOutcome.EXECUTED, 1L, ExecutionOutcome.REPLAYED, 7L));
        assertThat(results).extracting(ExecutionResult::result).containsOnly(Optional.of("REF-1"));
        assertThat(Db.count(db.file(), "effect")).isEqualTo(1);
        assertThat(Db.count(db.file(), "receipt")).isEqualTo(1);
    }
}
