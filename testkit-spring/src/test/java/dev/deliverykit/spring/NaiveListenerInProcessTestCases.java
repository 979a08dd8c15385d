package dev.deliverykit.spring;

import dev.deliverykit.CrashMode;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.spring.shop.NaiveShop;

/** The naive listener's sweep of {@link NaiveListenerTests}, in the test's JVM only: run again and again. */
@CrashTestKitOnly
class NaiveListenerInProcessTestCases extends ShopSweep {

    NaiveListenerInProcessTestCases() {
        super(NaiveShop.class);
    }

    @CrashSweep(kinds = SweepKind.COMMITS, mode = CrashMode.IN_PROCESS)
    void aPlacedOrderShipsExactlyOnce(CrashScenario scenario) throws Exception {
        placeCrashAndRecover();
    }
}
