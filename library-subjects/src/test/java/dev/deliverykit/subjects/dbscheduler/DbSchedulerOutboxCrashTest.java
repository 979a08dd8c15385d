package dev.deliverykit.subjects.dbscheduler;

import dev.deliverykit.CrashMode;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.subjects.dbscheduler.SchedulerShop.Runner;

/**
 * db-scheduler used correctly (an idempotent handler) survives a crash at every commit and every write of its
 * execution table while placing an order and running its execution: the order's transaction with the execution,
 * the pick, the handler's transaction and the execution's removal; on the calling thread and on the scheduler's
 * threads, in the test's JVM and as real process exits.
 */
class DbSchedulerOutboxCrashTest extends SchedulerSweep {

    DbSchedulerOutboxCrashTest() {
        super(Shipping.IDEMPOTENT);
    }

    @CrashSweep(
            kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
            sql = SchedulerShop.EXECUTION_WRITES,
            mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
    void anOrderRunOnTheCallingThreadShipsExactlyOnce(CrashScenario scenario) throws Exception {
        placeCrashAndRecover(scenario, Runner.BLOCKING);
    }

    @CrashSweep(
            kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
            sql = SchedulerShop.EXECUTION_WRITES,
            mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
    void anOrderRunOnTheSchedulersThreadsShipsExactlyOnce(CrashScenario scenario) throws Exception {
        placeCrashAndRecover(scenario, Runner.ASYNCHRONOUS);
    }
}
