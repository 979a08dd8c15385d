package dev.deliverykit.junit5.internal.planning;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.schedule.InstanceSteps;
import dev.deliverykit.schedule.SchedulePlan;
import dev.deliverykit.schedule.Step;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScheduleSweepMessagesTests {

    @Test
    void outOfRange() {
        assertThat(ScheduleSweepMessages.outOfRange(-1, 0, 500).sentences())
                .isEqualTo("preemptionBound = -1, randomSchedules = 0, maxSchedules = 500 cannot plan a sweep. Expected"
                        + " a preemption bound of 0 or more, random schedules 0 (every schedule) or more, and at least 1"
                        + " schedule. Fix: correct the attribute out of range.");
    }

    @Test
    void tooManySchedules() {
        List<Step> threeSteps = List.of(Step.of("a"), Step.of("b"), Step.touchingEverything("the end"));
        List<InstanceSteps> steps =
                List.of(new InstanceSteps("member-1", threeSteps), new InstanceSteps("member-2", threeSteps));

        assertThat(ScheduleSweepMessages.tooManySchedules(11, 3, steps, new SchedulePlan(List.of(), 86, 74))
                        .sentences())
                .isEqualTo("11 schedules to run, more than maxSchedules = 3 (86 within the bound, 74 left out as"
                        + " equivalent; points: member-1 2, member-2 2). Expected at most 3 schedules. Fix: lower"
                        + " preemptionBound, sweep fewer kinds (kinds = SweepKind.COMMITS), give the instances less"
                        + " work, draw randomSchedules = N instead, or raise maxSchedules.");
    }

    @Test
    void badStall() {
        assertThat(ScheduleSweepMessages.badStall("soon").sentences())
                .isEqualTo("stall = \"soon\" is no duration. Expected a positive number with an optional unit ms, s"
                        + " (default), m or h, for example 90 s, longer than the leases the code takes. Fix: write the"
                        + " stall like stall = \"31s\".");
    }

    @Test
    void tooManyStalls() {
        List<Step> threeSteps = List.of(Step.of("a"), Step.of("b"), Step.touchingEverything("the end"));
        List<InstanceSteps> steps =
                List.of(new InstanceSteps("relay-a", threeSteps), new InstanceSteps("relay-b", threeSteps));

        assertThat(ScheduleSweepMessages.tooManyStalls(4, 3, steps).sentences())
                .isEqualTo("4 stalls to run, more than maxSchedules = 3 (one per point; points: relay-a 2, relay-b 2)."
                        + " Expected at most 3 schedules. Fix: sweep fewer kinds (kinds = SweepKind.COMMITS), give the"
                        + " instances less work, or raise maxSchedules.");
    }

    @Test
    void badCrash() {
        assertThat(ScheduleSweepMessages.badCrash("soon").sentences())
                .isEqualTo("crash = \"soon\" is no duration. Expected 0s (the clock does not move after the crash) or"
                        + " a positive number with an optional unit ms, s (default), m or h, for example 90 s, longer"
                        + " than the leases the code takes. Fix: write the crash like crash = \"31s\".");
    }

    @Test
    void stallAndCrash() {
        assertThat(ScheduleSweepMessages.stallAndCrash("31s", "31s").sentences())
                .isEqualTo("stall = \"31s\" and crash = \"31s\" ask for two sweeps at once. Expected stalls or"
                        + " crashes: one case moves one instance. Fix: keep one of stall and crash, or split the test in"
                        + " two.");
    }

    @Test
    void crashInChildProcess() {
        assertThat(ScheduleSweepMessages.crashInChildProcess("deliverykit.mode").sentences())
                .isEqualTo("crash = ... kills an instance inside this JVM, and deliverykit.mode asks for child_process"
                        + " only. Expected the in_process mode: a schedule's instances share this JVM, and a crash"
                        + " inside a schedule is in process only. Fix: run this test with deliverykit.mode=in_process"
                        + " (or both), or sweep it with @CrashSweep for real exits.");
    }

    @Test
    void tooManyCrashes() {
        List<Step> threeSteps = List.of(Step.of("a"), Step.of("b"), Step.touchingEverything("the end"));
        List<InstanceSteps> steps =
                List.of(new InstanceSteps("relay-a", threeSteps), new InstanceSteps("relay-b", threeSteps));

        assertThat(ScheduleSweepMessages.tooManyCrashes(4, 3, steps).sentences())
                .isEqualTo("4 crashes to run, more than maxSchedules = 3 (one per point; points: relay-a 2, relay-b"
                        + " 2). Expected at most 3 schedules. Fix: sweep fewer kinds (kinds = SweepKind.COMMITS), give"
                        + " the instances less work, or raise maxSchedules.");
    }
}
