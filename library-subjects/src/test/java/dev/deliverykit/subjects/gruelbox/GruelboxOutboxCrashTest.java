package dev.deliverykit.subjects.gruelbox;

import dev.deliverykit.CrashMode;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.invariant.JdbcSource;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.SweepKind;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/**
 * gruelbox transaction-outbox used correctly, with its default submitter, survives a crash at every commit and
 * every statement of placing an order and delivering its shipment on the library's executor; the recovery's flush
 * hands the delivery to that executor and returns, and the kit's recovery ends only when the delivery has, so the
 * invariants never race it: also while the delivery waits in H2's retry to open its connection, the previous one
 * having closed the database. In the test's JVM and as real process exits.
 */
class GruelboxOutboxCrashTest {

    @TempDir
    Path dir;

    final JdbcSource shop = JdbcSource.url(() -> OutboxShop.url(dir)).named("shop");

    @CheckInvariant
    final Invariant shippedExactlyOnce = Invariants.exactlyOncePerKey("every order shipped exactly once")
            .intentsIn(shop, "orders", "order_id")
            .effectsIn(shop, "shipment", "order_id");

    @CheckInvariant
    final Invariant noEntryLeft =
            Invariants.noRows("no outbox entry left", shop, "SELECT id FROM txno_outbox", "an entry never delivered");

    @CrashSweep(
            kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
            mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
    void anOrderShipsExactlyOnce(CrashScenario scenario) throws Exception {
        scenario.prepare(() -> OutboxShop.createSchema(dir));
        scenario.run(() -> OutboxShop.placeOrder(dir, "o-1", 1250)); // dies at the case's crash
        scenario.restart(() -> OutboxShop.recover(dir)); // a fresh process on the same file
    }
}
