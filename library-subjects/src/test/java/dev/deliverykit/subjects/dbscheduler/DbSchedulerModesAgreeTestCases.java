package dev.deliverykit.subjects.dbscheduler;

import dev.deliverykit.CrashMode;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.subjects.dbscheduler.SchedulerShop.Runner;

/**
 * The correct db-scheduler shop on the scheduler's threads, crashed only at the handler's commit and the execution's
 * removal (4 points per mode), where the naive handler fails: what ModesAgreeTests runs five times in a row.
 */
@CrashTestKitOnly
public class DbSchedulerModesAgreeTestCases extends SchedulerSweep {

    public DbSchedulerModesAgreeTestCases() {
        super(Shipping.IDEMPOTENT);
    }

    @CrashSweep(
            kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
            sql = SchedulerShop.EXECUTION_WRITES,
            within = {SchedulerShop.SHIPPING, SchedulerShop.COMPLETING},
            mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
    void anOrderShipsExactlyOnce(CrashScenario scenario) throws Exception {
        placeCrashAndRecover(scenario, Runner.ASYNCHRONOUS);
    }
}
