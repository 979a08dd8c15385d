package dev.deliverykit.subjects.modulith;

import dev.deliverykit.CrashMode;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.subjects.modulith.ModulithShop.Listener;

/**
 * The correct Modulith shop, crashed at Modulith's own two marks only (processing and completed; 4 points per mode),
 * where the naive listener fails: what ModesAgreeTests runs five times in a row.
 */
@CrashTestKitOnly
public class ModulithModesAgreeTestCases extends ModulithSweep {

    public ModulithModesAgreeTestCases() {
        super(Listener.IDEMPOTENT);
    }

    @CrashSweep(
            kinds = SweepKind.COMMITS,
            within = ModulithShop.MARKING,
            mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
    void aPlacedOrderShipsExactlyOnce(CrashScenario scenario) throws Exception {
        placeCrashAndRecover(scenario);
    }
}
