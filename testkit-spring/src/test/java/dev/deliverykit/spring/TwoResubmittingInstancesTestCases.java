package dev.deliverykit.spring;

import dev.deliverykit.junit5.ScheduleScenario;
import dev.deliverykit.junit5.ScheduleSweep;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.spring.shop.IdempotentShop;
import dev.deliverykit.spring.shop.NaiveShop;

/** The sweeps {@link TwoResubmittingInstancesTests} runs and asserts, one class per verdict. */
final class TwoResubmittingInstancesTestCases {

    private TwoResubmittingInstancesTestCases() {}

    /** Both instances resubmit the publication of a listener that ships blindly. */
    @CrashTestKitOnly
    static class NaiveListenerTestCases extends TwoResubmittingInstances {
        NaiveListenerTestCases() {
            super(NaiveShop.class);
        }

        @ScheduleSweep(
                kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
                preemptionBound = 1)
        void theOrderShipsOnce(ScheduleScenario scenario) throws Exception {
            bothResubmit(scenario);
        }
    }

    /** The same, with the listener that records the order as processed in its shipment's transaction. */
    @CrashTestKitOnly
    static class IdempotentListenerTestCases extends TwoResubmittingInstances {
        IdempotentListenerTestCases() {
            super(IdempotentShop.class);
        }

        @ScheduleSweep(
                kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
                preemptionBound = 1)
        void theOrderShipsOnce(ScheduleScenario scenario) throws Exception {
            bothResubmit(scenario);
        }
    }
}
