package dev.deliverykit.subjects.dbscheduler;

import dev.deliverykit.junit5.ScheduleScenario;
import dev.deliverykit.junit5.ScheduleSweep;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.subjects.dbscheduler.TwoSchedulers.BeforeShipping;

/** The sweeps {@link DeadExecutionTest} runs and asserts, one class per verdict. */
final class DeadExecutionTestCases {

    private DeadExecutionTestCases() {}

    /** Handlers that end in time: the execution's pick keeps it on one instance. */
    @CrashTestKitOnly
    static class NaiveInTime extends DeadExecutionSweep {
        NaiveInTime() {
            super(Shipping.NAIVE);
        }

        @ScheduleSweep(preemptionBound = 1)
        void shipsOnce(ScheduleScenario scenario) throws Exception {
            pollBoth(scenario, BeforeShipping.NOTHING);
        }
    }

    /** scheduler-a's handler outlasts the limit: scheduler-b revives the execution and ships the order too. */
    @CrashTestKitOnly
    static class NaivePastTheLimit extends DeadExecutionSweep {
        NaivePastTheLimit() {
            super(Shipping.NAIVE);
        }

        @ScheduleSweep(preemptionBound = 1)
        void shipsOnce(ScheduleScenario scenario) throws Exception {
            pollBoth(scenario, pastTheLimit(scenario));
        }
    }

    /** The same, with the handler that records the order as processed in the shipment's transaction. */
    @CrashTestKitOnly
    static class IdempotentPastTheLimit extends DeadExecutionSweep {
        IdempotentPastTheLimit() {
            super(Shipping.IDEMPOTENT);
        }

        @ScheduleSweep(preemptionBound = 1)
        void shipsOnce(ScheduleScenario scenario) throws Exception {
            pollBoth(scenario, pastTheLimit(scenario));
        }
    }

    /** Each instance stalls at each of its points past the dead-execution limit; the other polls meanwhile. */
    @CrashTestKitOnly
    static class NaiveStalled extends DeadExecutionSweep {
        NaiveStalled() {
            super(Shipping.NAIVE);
        }

        @ScheduleSweep(stall = "31m")
        void shipsOnce(ScheduleScenario scenario) throws Exception {
            pollBoth(scenario, BeforeShipping.NOTHING);
        }
    }

    /** The same stalls, with the handler that records the order as processed in the shipment's transaction. */
    @CrashTestKitOnly
    static class IdempotentStalled extends DeadExecutionSweep {
        IdempotentStalled() {
            super(Shipping.IDEMPOTENT);
        }

        @ScheduleSweep(stall = "31m")
        void shipsOnce(ScheduleScenario scenario) throws Exception {
            pollBoth(scenario, BeforeShipping.NOTHING);
        }
    }
}
