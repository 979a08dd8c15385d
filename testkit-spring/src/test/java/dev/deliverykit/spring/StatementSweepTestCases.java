package dev.deliverykit.spring;

import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.spring.shop.IdempotentShop;

/** A sweep over every statement of placing an order and delivering it, with the kit's wait inside the workload. */
@CrashTestKitOnly
class StatementSweepTestCases extends ShopSweep {

    StatementSweepTestCases() {
        super(IdempotentShop.class);
    }

    @CrashSweep(kinds = SweepKind.STATEMENTS)
    void aPlacedOrderShipsExactlyOnce(CrashScenario scenario) throws Exception {
        placeCrashAndRecover();
    }
}
