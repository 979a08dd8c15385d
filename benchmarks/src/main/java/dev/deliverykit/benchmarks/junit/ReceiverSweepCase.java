package dev.deliverykit.benchmarks.junit;

import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.invariant.JdbcSource;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.outbox.IdempotencyKey;
import dev.deliverykit.reference.outbox.WarehouseWithAtomicReceipt;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;

/**
 * B10's baseline: the plain crash sweep a user writes for the same receiver without the contract, the same sweep as the
 * contract's {@code receiver.crash-at-every-boundary}: a crash before and after every commit and write statement of one
 * reservation (once per class of equivalent points, as the kit prunes by default), the sender's retry in a fresh
 * process, and exactly one effect.
 */
public class ReceiverSweepCase {

    private static final IdempotencyKey KEY = new IdempotencyKey("tenantA", "reserve-1");
    private static final Map<String, String> PARAMETERS = Map.of("part", "P-7", "quantity", "1");

    @CrashSweep(
            kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
            sql = "^(INSERT|UPDATE|DELETE|MERGE|UPSERT|REPLACE)")
    void aCrashAtEveryBoundaryOfARequestLeavesOneEffect(CrashScenario scenario, @TempDir Path dir) throws Exception {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("warehouse.db"));
        try (var warehouse = new WarehouseWithAtomicReceipt(db)) {
            scenario.run(() -> warehouse.reserve(KEY, PARAMETERS)); // dies at the boundary
        }
        scenario.restart(
                () -> { // the sender retries, to a fresh process
                    try (var warehouse = new WarehouseWithAtomicReceipt(db)) {
                        warehouse.reserve(KEY, PARAMETERS);
                    }
                });
        JdbcSource warehouse = JdbcSource.url("jdbc:sqlite:" + db.file()).named("warehouse");
        scenario.assertHolds(Invariants.exactlyOncePerKey("exactly once per request")
                .intentsFrom(warehouse, "SELECT 'tenantA', 'reserve-1'")
                .effectsFrom(warehouse, "SELECT tenant, intent_id FROM effect"));
    }
}
