package dev.deliverykit.subjects.shedlock;

import dev.deliverykit.junit5.ScheduleScenario;
import dev.deliverykit.junit5.ScheduleSweep;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;

/** The sweeps {@link ShedLockRelayTest} runs and asserts, one class per verdict. */
final class ShedLockRelayTestCases {

    private ShedLockRelayTestCases() {}

    /** ShedLock used as meant: every drain ends within lockAtMostFor, so the lock alone keeps each order single. */
    @CrashTestKitOnly
    static class TrustingRelayInTime extends LockedRelaySweep {
        TrustingRelayInTime() {
            super(TrustingRelay.class);
        }

        @ScheduleSweep(
                kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
                preemptionBound = 1)
        void eachOrderOnce(ScheduleScenario scenario) throws Exception {
            tickBoth(scenario, Broker.AT_ONCE);
        }
    }

    /** relay-a's sends outlast the lock: relay-b's tick gets it and sends what relay-a has not marked yet. */
    @CrashTestKitOnly
    static class TrustingRelayOutlivesTheLock extends LockedRelaySweep {
        TrustingRelayOutlivesTheLock() {
            super(TrustingRelay.class);
        }

        @ScheduleSweep(
                kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
                preemptionBound = 1)
        void eachOrderOnce(ScheduleScenario scenario) throws Exception {
            tickBoth(scenario, slowerThanTheLock(scenario));
        }
    }

    /** The same slow sends, with the fenced relay: each order once whoever holds the lock. */
    @CrashTestKitOnly
    static class FencedRelayOutlivesTheLock extends LockedRelaySweep {
        FencedRelayOutlivesTheLock() {
            super(FencedRelay.class);
        }

        @ScheduleSweep(
                kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
                preemptionBound = 1)
        void eachOrderOnce(ScheduleScenario scenario) throws Exception {
            tickBoth(scenario, slowerThanTheLock(scenario));
        }
    }

    /** relay-a stalls at each of its points past lockAtMostFor; relay-b's tick runs meanwhile. */
    @CrashTestKitOnly
    static class TrustingRelayStalled extends LockedRelaySweep {
        TrustingRelayStalled() {
            super(TrustingRelay.class);
        }

        @ScheduleSweep(
                kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
                stall = "31s")
        void eachOrderOnce(ScheduleScenario scenario) throws Exception {
            tickBoth(scenario, Broker.AT_ONCE);
        }
    }

    /** The same stalls, with the fenced relay. */
    @CrashTestKitOnly
    static class FencedRelayStalled extends LockedRelaySweep {
        FencedRelayStalled() {
            super(FencedRelay.class);
        }

        @ScheduleSweep(
                kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
                stall = "31s")
        void eachOrderOnce(ScheduleScenario scenario) throws Exception {
            tickBoth(scenario, Broker.AT_ONCE);
        }
    }
}
