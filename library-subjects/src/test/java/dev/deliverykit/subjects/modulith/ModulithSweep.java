package dev.deliverykit.subjects.modulith;

import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.subjects.modulith.ModulithShop.Listener;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/**
 * One order placed on the Modulith shop by a process that dies at the case's crash, then a fresh process that
 * resubmits what is incomplete; the three invariants below, read back with plain JDBC, are checked after every case
 * (the crash-free one too). A test names its sweep.
 */
abstract class ModulithSweep {

    @TempDir
    Path dir;

    @CheckInvariant
    final Invariant shippedExactlyOnce = ModulithShopInvariants.shippedExactlyOnce(() -> dir);

    @CheckInvariant
    final Invariant shipmentsAgreeWithOrders = ModulithShopInvariants.shipmentsAgreeWithOrders(() -> dir);

    @CheckInvariant
    final Invariant everyPublicationCompleted = ModulithShopInvariants.everyPublicationCompleted(() -> dir);

    private final Listener listener;

    ModulithSweep(Listener listener) {
        this.listener = listener;
    }

    void placeCrashAndRecover(CrashScenario scenario) throws Exception {
        scenario.run(() -> ModulithShop.placeOrder(dir, listener, "o-1", 1250)); // dies at the case's crash
        scenario.restart(() -> ModulithShop.recover(dir, listener)); // a fresh application on the same file
    }
}
