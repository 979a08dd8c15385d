package dev.deliverykit.schedule;

import dev.deliverykit.internal.text.DurationText;
import dev.deliverykit.internal.text.Message;
import java.time.Duration;
import java.util.List;

/** The messages of schedules planned or read wrong: the instances, the strategy, a replay key. */
final class ScheduleMessages {

    private ScheduleMessages() {}

    /** {@code name} cannot stand in a replay key. */
    static Message badInstanceName(String name) {
        return Message.of(
                "The instance name \"" + name + "\" cannot stand in a replay key",
                "letters, digits, '.', '_' and '-', at least one",
                "name the instance like relay-a or consumer-1");
    }

    /** The instance {@code name} has no step. */
    static Message noSteps(String name) {
        return Message.of(
                "The instance \"" + name + "\" has no step",
                "at least one step, the last one running to the instance's end",
                "give it the steps its recording found");
    }

    /** Only {@code count} instances were given. */
    static Message tooFewInstances(int count) {
        return Message.of(
                "A schedule orders several instances, and " + count + (count == 1 ? " was" : " were") + " given",
                "two or more instances",
                "add the other instances, or run a single one as an ordinary crash case");
    }

    /** Two instances are named {@code name}. */
    static Message duplicateName(String name) {
        return Message.of(
                "Two instances are named \"" + name + "\"",
                "a name of its own for each instance, as a schedule's name and key say which one goes",
                "rename one of them, such as " + name + "-2");
    }

    /** A negative preemption bound. */
    static Message negativeBound(int bound) {
        return Message.of(
                "The preemption bound " + bound + " is negative",
                "0 or more (2 by default)",
                "give a bound of 0 or more");
    }

    /** A depth or budget below one. */
    static Message badSampling(int depth, int budget) {
        return Message.of(
                "Random priorities with depth " + depth + " and budget " + budget + " cannot draw a schedule",
                "a depth of 1 or more and a budget of 1 or more",
                "give both at least 1");
    }

    /** The exhaustive strategy considered more than {@code most} schedules. */
    static Message tooManySchedules(int most) {
        return Message.of(
                "More than " + most + " schedules are within the preemption bound",
                "an exhaustive strategy whose schedules can all be run",
                "lower the preemption bound, watch fewer points, or draw schedules with random priorities and a"
                        + " budget");
    }

    /** {@code turn} of {@code key} is no {@code instance:steps}. */
    static Message malformedTurn(String key, String turn) {
        return Message.of(
                "The schedule key \"" + key + "\" has the turn \"" + turn + "\"",
                "turns like relay-a:2, an instance's name and a number of steps of 1 or more, separated by commas",
                "copy the key whole from the failure that printed it");
    }

    /** {@code name} of {@code key} is none of {@code names}. */
    static Message unknownInstance(String key, String name, List<String> names) {
        return Message.of(
                "The schedule key \"" + key + "\" names the instance \"" + name + "\", and the test has "
                        + String.join(", ", names),
                "one of these names",
                "copy the key whole from the failure that printed it, or rename the instance back");
    }

    /** {@code key} gives {@code instance} another number of steps than its recording found. */
    static Message stepsDiffer(String key, String instance, int inKey, int recorded) {
        return Message.of(
                "The schedule key \"" + key + "\" gives " + instance + " " + inKey + (inKey == 1 ? " step" : " steps")
                        + ", and its recording found " + recorded,
                "the steps of the code the key was printed for",
                "the code changed since the key was printed: run the whole sweep again and take the new key");
    }

    /** {@code move} of {@code key} starts with {@code +} and is no duration. */
    static Message malformedStall(String key, String move) {
        return Message.of(
                "The schedule key \"" + key + "\" has the stall \"" + move + "\", which is no duration",
                "a stall like +31s: a plus sign and " + DurationText.EXPECTED,
                "copy the key whole from the failure that printed it");
    }

    /** The stall {@code move} of {@code key} follows no turn. */
    static Message stallWithoutTurn(String key, String move) {
        return Message.of(
                "The schedule key \"" + key + "\" has the stall \"" + move + "\" where no instance's turn ends",
                "a stall right after the turn of the instance it stops, as in relay-a:2," + move,
                "copy the key whole from the failure that printed it");
    }

    /** The stall {@code move} of {@code key} stops {@code instance}, which has no turn after it. */
    static Message stallNotResumed(String key, String move, String instance) {
        return Message.of(
                "The schedule key \"" + key + "\" stalls " + instance + " with \"" + move + "\", and no turn of "
                        + instance + " comes after it",
                "a turn of the stalled instance after its stall, which lets it carry on to its end",
                "copy the key whole from the failure that printed it");
    }

    /** A stall of {@code duration}, zero or negative. */
    static Message stallNotPositive(Duration duration) {
        return Message.of(
                "A stall of " + duration + " moves the clock nowhere",
                "a duration of more than zero, longer than the leases the code takes",
                "give the stall a positive duration, such as 31 s");
    }

    /** {@code move} of {@code key} starts with {@code crash} and is no crash. */
    static Message malformedCrash(String key, String move) {
        return Message.of(
                "The schedule key \"" + key + "\" has the crash \"" + move + "\", which is malformed",
                "a crash like crash or crash+31s: the word crash, then a plus sign and " + DurationText.EXPECTED
                        + " when the clock moves after it",
                "copy the key whole from the failure that printed it");
    }

    /** The crash {@code move} of {@code key} follows no turn. */
    static Message crashWithoutTurn(String key, String move) {
        return Message.of(
                "The schedule key \"" + key + "\" has the crash \"" + move + "\" where no instance's turn ends",
                "a crash right after the turn of the instance it kills, as in relay-a:2," + move,
                "copy the key whole from the failure that printed it");
    }

    /** The crash {@code move} of {@code key} kills {@code instance}, which has a turn after it. */
    static Message turnAfterCrash(String key, String move, String instance) {
        return Message.of(
                "The schedule key \"" + key + "\" crashes " + instance + " with \"" + move + "\", and gives " + instance
                        + " a turn after it",
                "no turn of a crashed instance after its crash: a dead instance takes no further turn",
                "copy the key whole from the failure that printed it");
    }

    /** {@code key} crashes {@code instance} after all its steps, where it has ended. */
    static Message crashAfterTheEnd(String key, String instance, int inKey, int recorded) {
        return Message.of(
                "The schedule key \"" + key + "\" crashes " + instance + " after " + inKey
                        + (inKey == 1 ? " step" : " steps") + ", and its recording found " + recorded
                        + ": it has ended by then",
                "a crash at one of the instance's points, after fewer steps than its recording found",
                "copy the key whole from the failure that printed it, or run the whole sweep again and take the new"
                        + " key");
    }

    /** A crash after which the clock moves by {@code duration}, a negative one. */
    static Message crashNegative(Duration duration) {
        return Message.of(
                "A crash after which the clock moves by " + duration + " moves it back",
                "a duration of zero or more: how long the others wait before they go on",
                "give the crash a duration of zero or more, such as 31 s");
    }
}
