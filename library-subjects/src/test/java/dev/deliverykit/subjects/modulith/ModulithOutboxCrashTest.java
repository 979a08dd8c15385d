package dev.deliverykit.subjects.modulith;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.CrashMode;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.subjects.modulith.ModulithShop.Listener;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spring Modulith used correctly (an idempotent {@code @ApplicationModuleListener}) survives a crash at every commit
 * of placing an order and delivering its event: the order's transaction with its publication, Modulith's
 * "processing" mark, the listener's transaction and Modulith's completion; in the test's JVM and as real exits.
 */
class ModulithOutboxCrashTest {

    @TempDir
    Path dir;

    @CheckInvariant
    final Invariant shippedExactlyOnce = ModulithShopInvariants.shippedExactlyOnce(() -> dir);

    @CheckInvariant
    final Invariant shipmentsAgreeWithOrders = ModulithShopInvariants.shipmentsAgreeWithOrders(() -> dir);

    @CheckInvariant
    final Invariant everyPublicationCompleted = ModulithShopInvariants.everyPublicationCompleted(() -> dir);

    @CrashSweep(
            kinds = SweepKind.COMMITS,
            within = {ModulithShop.PLACING, ModulithShop.DELIVERING},
            mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
    void aPlacedOrderShipsExactlyOnce(CrashScenario scenario) throws Exception {
        scenario.run(() -> ModulithShop.placeOrder(dir, Listener.IDEMPOTENT, "o-1", 1250));
        scenario.restart(() -> ModulithShop.recover(dir, Listener.IDEMPOTENT));

        assertThat(ModulithShop.rows(dir, "SELECT order_id, amount_cents FROM shipment"))
                .isEqualTo(ModulithShop.rows(dir, "SELECT order_id, amount_cents FROM orders"));
    }
}
