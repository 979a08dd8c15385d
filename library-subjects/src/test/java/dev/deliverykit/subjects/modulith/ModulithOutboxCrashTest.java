package dev.deliverykit.subjects.modulith;

import dev.deliverykit.CrashMode;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.subjects.modulith.ModulithShop.Listener;

/**
 * Spring Modulith used correctly (an idempotent {@code @ApplicationModuleListener}) survives a crash at every commit
 * of placing an order and delivering its event: the order's transaction with its publication, Modulith's
 * "processing" mark, the listener's transaction and Modulith's completion; in the test's JVM and as real exits.
 */
class ModulithOutboxCrashTest extends ModulithSweep {

    ModulithOutboxCrashTest() {
        super(Listener.IDEMPOTENT);
    }

    @CrashSweep(
            kinds = SweepKind.COMMITS,
            within = {ModulithShop.PLACING, ModulithShop.DELIVERING},
            mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
    void aPlacedOrderShipsExactlyOnce(CrashScenario scenario) throws Exception {
        placeCrashAndRecover(scenario);
    }
}
