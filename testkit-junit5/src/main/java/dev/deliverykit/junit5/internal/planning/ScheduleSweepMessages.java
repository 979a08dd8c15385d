package dev.deliverykit.junit5.internal.planning;

import dev.deliverykit.internal.text.DurationText;
import dev.deliverykit.internal.text.Message;
import dev.deliverykit.schedule.InstanceSteps;
import dev.deliverykit.schedule.SchedulePlan;
import java.util.List;
import java.util.stream.Collectors;

/** The messages of a {@code @ScheduleSweep} declared or grown beyond what it may run. */
final class ScheduleSweepMessages {

    private ScheduleSweepMessages() {}

    /** An attribute below its least value. */
    static Message outOfRange(int preemptionBound, int randomSchedules, int maxSchedules) {
        return Message.of(
                "preemptionBound = " + preemptionBound + ", randomSchedules = " + randomSchedules + ", maxSchedules = "
                        + maxSchedules + " cannot plan a sweep",
                "a preemption bound of 0 or more, random schedules 0 (every schedule) or more, and at least 1 schedule",
                "correct the attribute out of range");
    }

    /** The plan has {@code count} schedules to run, more than {@code max}. */
    static Message tooManySchedules(int count, int max, List<InstanceSteps> steps, SchedulePlan plan) {
        return Message.of(
                count + " schedules to run, more than maxSchedules = " + max + " (" + plan.considered()
                        + " within the bound, " + plan.equivalent() + " left out as equivalent; points: "
                        + points(steps) + ")",
                "at most " + max + " schedules",
                "lower preemptionBound, sweep fewer kinds (kinds = SweepKind.COMMITS), give the instances less work,"
                        + " draw randomSchedules = N instead, or raise maxSchedules");
    }

    /** {@code stall = "text"} is no duration. */
    static Message badStall(String text) {
        return Message.of(
                "stall = \"" + text + "\" is no duration",
                DurationText.EXPECTED + ", longer than the leases the code takes",
                "write the stall like stall = \"31s\"");
    }

    /** A stall sweep has {@code count} stalls to run, more than {@code max}. */
    static Message tooManyStalls(int count, int max, List<InstanceSteps> steps) {
        return Message.of(
                count + " stalls to run, more than maxSchedules = " + max + " (one per point; points: " + points(steps)
                        + ")",
                "at most " + max + " schedules",
                "sweep fewer kinds (kinds = SweepKind.COMMITS), give the instances less work, or raise maxSchedules");
    }

    /** {@code crash = "text"} is no duration. */
    static Message badCrash(String text) {
        return Message.of(
                "crash = \"" + text + "\" is no duration",
                "0s (the clock does not move after the crash) or " + DurationText.EXPECTED
                        + ", longer than the leases the code takes",
                "write the crash like crash = \"31s\"");
    }

    /** A sweep asks for stalls and crashes at once. */
    static Message stallAndCrash(String stall, String crash) {
        return Message.of(
                "stall = \"" + stall + "\" and crash = \"" + crash + "\" ask for two sweeps at once",
                "stalls or crashes: one case moves one instance",
                "keep one of stall and crash, or split the test in two");
    }

    /** A crash sweep in a run whose only mode is {@code CHILD_PROCESS}. */
    static Message crashInChildProcess(String modeKey) {
        return Message.of(
                "crash = ... kills an instance inside this JVM, and " + modeKey + " asks for child_process only",
                "the in_process mode: a schedule's instances share this JVM, and a crash inside a schedule is in"
                        + " process only",
                "run this test with " + modeKey + "=in_process (or both), or sweep it with @CrashSweep for real exits");
    }

    /** A crash sweep has {@code count} crashes to run, more than {@code max}. */
    static Message tooManyCrashes(int count, int max, List<InstanceSteps> steps) {
        return Message.of(
                count + " crashes to run, more than maxSchedules = " + max + " (one per point; points: " + points(steps)
                        + ")",
                "at most " + max + " schedules",
                "sweep fewer kinds (kinds = SweepKind.COMMITS), give the instances less work, or raise maxSchedules");
    }

    /** {@code relay-a 4, relay-b 4}: each instance's number of points. */
    private static String points(List<InstanceSteps> steps) {
        return steps.stream()
                .map(instance -> instance.name() + " " + (instance.steps().size() - 1))
                .collect(Collectors.joining(", "));
    }
}
