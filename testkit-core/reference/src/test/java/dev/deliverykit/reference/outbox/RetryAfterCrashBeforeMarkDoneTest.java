package dev.deliverykit.reference.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.testsupport.Db;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The supplier succeeds, the process dies before markDone, the retry is folded. */
class RetryAfterCrashBeforeMarkDoneTest {

    @TempDir
    Path dir;

    @Test
    void aRetryAfterACrashBeforeMarkDoneCarriesTheSameCommandIdAndGetsTheSameResult() {
        SqliteDatabase flowDb = SqliteDatabase.at(dir.resolve("flow.db"));
        SqliteDatabase supplierDb = SqliteDatabase.at(dir.resolve("supplier.db"));
        ExecutionResult firstDelivery;
        String firstCommandId;
        try (TransactionalOutbox store = new TransactionalOutbox(flowDb);
                IdempotentReceiver supplier = new IdempotentReceiver(supplierDb)) {
            store.append("trip-001", 0, "trip_requested", Map.of("city", "Chengdu"),
                    List.of(new NewCommand("lock_budget", Map.of("trip_id", "trip-001"))));
            OutboxCommand first = store.pending().get(0);
            firstCommandId = first.commandId();
            firstDelivery = supplier.execute(new IdempotencyKey("tenantA", first.commandId()), first.payload());
            // crash here: no markDone
        }

        ExecutionResult retryDelivery;
        try (TransactionalOutbox store = new TransactionalOutbox(flowDb);
                IdempotentReceiver supplier = new IdempotentReceiver(supplierDb)) {
            OutboxCommand again = store.pending().get(0);
            assertThat(again.commandId()).isEqualTo(firstCommandId).isEqualTo("trip-001:1:0");
            retryDelivery = supplier.execute(new IdempotencyKey("tenantA", again.commandId()), again.payload());
            store.markDone(again.commandId());

            assertThat(store.pending()).isEmpty();
        }

        assertThat(firstDelivery.result()).isEqualTo(Optional.of("REF-1"));
        assertThat(retryDelivery.outcome()).isEqualTo(ExecutionOutcome.REPLAYED);
        assertThat(retryDelivery.result()).isEqualTo(Optional.of("REF-1"));
        assertThat(Db.count(supplierDb.file(), "effect")).isEqualTo(1);                         // real side effects: 1
        assertThat(Db.value(flowDb.file(), "SELECT count(*) FROM outbox WHERE processed_at IS NULL")).isEqualTo(0);
        assertThat(Db.count(flowDb.file(), "outbox")).isEqualTo(1);                             // marked, not deleted
    }
}
