package com.example.orders.crash;

import static org.assertj.core.api.Assertions.assertThat;

import com.example.orders.Days;
import com.example.orders.HandleOutcome;
import com.example.orders.Message;
import com.example.orders.OrderStep;
import com.example.orders.db.Database;
import com.example.orders.shipping.DedupCleanup;
import com.example.orders.shipping.ShippingConsumer;
import dev.deliverykit.CrashMode;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.invariant.JdbcSource;
import dev.deliverykit.junit5.BoundaryCatalogueSource;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.CrashAt;
import dev.deliverykit.junit5.CrashScenario;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/**
 * Retention of dedup records: the nightly cleanup seals day one and deletes its dedup records, and is killed
 * at each of its boundaries ({@link OrderBoundaries#CLEANUP}); it runs again the next night; then the broker
 * redelivers a day-one message, late. Whatever the crash, the late message is refused, never applied again.
 */
// tag::retention-test[]
@BoundaryCatalogueSource(value = OrderBoundaries.class, field = "CLEANUP")
class DedupRetentionCrashTest {

    static final Message PLACED_ON_DAY_ONE = Message.of("o-1", OrderStep.PLACED, "alice", 1250, Days.DAY_ONE);

    @TempDir
    Path dir;

    // tag::invariants[]
    final JdbcSource shipping =
            JdbcSource.url(() -> "jdbc:sqlite:" + dir.resolve("shipping.db")).named("shipping.db");

    @CheckInvariant
    final Invariant noResurrection = Invariants.noResurrectionAfterCleanup("no step applied again after cleanup")
            .effectsIn(shipping, "applied_step")
            .perKey("order_id", "step_seq");

    @CheckInvariant
    final Invariant sealAndDeleteTogether = Invariants.noRows(
            "no dedup record of a sealed day",
            shipping,
            "SELECT message_id, dedup_epoch FROM processed_message"
                    + " WHERE dedup_epoch <= (SELECT MAX(sealed_through) FROM dedup_epoch_seal)",
            "sealing a day deletes its dedup records in the same transaction");
    // end::invariants[]

    // tag::scenario[]
    @CrashAt(
            value = {"cleanup.after-seal-insert", "cleanup.after-record-delete", "cleanup.after-commit"},
            mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
    void aLateMessageOfASealedDayIsNeverAppliedAgain(CrashScenario scenario) throws Exception {
        scenario.prepare(() -> shipping().handle(PLACED_ON_DAY_ONE)); // delivered on day one, once: applied

        scenario.run(() -> cleanup(Days.DAY_ONE + 30).sealThrough(Days.DAY_ONE)); // the nightly cleanup dies
        scenario.restart(() -> cleanup(Days.DAY_ONE + 31).sealThrough(Days.DAY_ONE)); // and runs again the next night
        HandleOutcome late = shipping().handle(PLACED_ON_DAY_ONE); // then the broker redelivers, late

        scenario.observe("late message", late.name());
        assertThat(late).isEqualTo(HandleOutcome.REJECTED_SEALED);
    }
    // end::scenario[]

    private ShippingConsumer shipping() {
        return new ShippingConsumer(Database.sqlite(dir.resolve("shipping.db")));
    }

    private DedupCleanup cleanup(long day) {
        return new DedupCleanup(Database.sqlite(dir.resolve("shipping.db")), Days.clockOn(day));
    }
}
// end::retention-test[]
