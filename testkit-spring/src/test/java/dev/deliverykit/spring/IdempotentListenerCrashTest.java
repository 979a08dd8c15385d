package dev.deliverykit.spring;

import dev.deliverykit.CrashMode;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.spring.shop.IdempotentShop;

/**
 * Spring Modulith used correctly (an idempotent {@code @ApplicationModuleListener}), started by {@link SpringProcess},
 * survives a crash at every commit of placing an order and delivering its event, in the test's JVM and as a real
 * process exit: every case green.
 */
class IdempotentListenerCrashTest extends ShopSweep {

    IdempotentListenerCrashTest() {
        super(IdempotentShop.class);
    }

    @CrashSweep(
            kinds = SweepKind.COMMITS,
            mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
    void aPlacedOrderShipsExactlyOnce(CrashScenario scenario) throws Exception {
        placeCrashAndRecover();
    }
}
