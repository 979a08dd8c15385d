package dev.deliverykit.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScheduleMessagesTests {

    @Test
    void badInstanceName() {
        assertThat(ScheduleMessages.badInstanceName("relay a").sentences())
                .isEqualTo("The instance name \"relay a\" cannot stand in a replay key. Expected letters, digits, '.',"
                        + " '_' and '-', at least one. Fix: name the instance like relay-a or consumer-1.");
    }

    @Test
    void noSteps() {
        assertThat(ScheduleMessages.noSteps("relay-a").sentences())
                .isEqualTo("The instance \"relay-a\" has no step. Expected at least one step, the last one running to"
                        + " the instance's end. Fix: give it the steps its recording found.");
    }

    @Test
    void tooFewInstances() {
        assertThat(ScheduleMessages.tooFewInstances(1).sentences())
                .isEqualTo("A schedule orders several instances, and 1 was given. Expected two or more instances."
                        + " Fix: add the other instances, or run a single one as an ordinary crash case.");
    }

    @Test
    void duplicateName() {
        assertThat(ScheduleMessages.duplicateName("relay").sentences())
                .isEqualTo("Two instances are named \"relay\". Expected a name of its own for each instance, as a"
                        + " schedule's name and key say which one goes. Fix: rename one of them, such as relay-2.");
    }

    @Test
    void negativeBound() {
        assertThat(ScheduleMessages.negativeBound(-1).sentences())
                .isEqualTo("The preemption bound -1 is negative. Expected 0 or more (2 by default). Fix: give a bound"
                        + " of 0 or more.");
    }

    @Test
    void badSampling() {
        assertThat(ScheduleMessages.badSampling(0, 10).sentences())
                .isEqualTo("Random priorities with depth 0 and budget 10 cannot draw a schedule. Expected a depth of 1"
                        + " or more and a budget of 1 or more. Fix: give both at least 1.");
    }

    @Test
    void tooManySchedules() {
        assertThat(ScheduleMessages.tooManySchedules(100_000).sentences())
                .isEqualTo("More than 100000 schedules are within the preemption bound. Expected an exhaustive"
                        + " strategy whose schedules can all be run. Fix: lower the preemption bound, watch fewer"
                        + " points, or draw schedules with random priorities and a budget.");
    }

    @Test
    void malformedTurn() {
        assertThat(ScheduleMessages.malformedTurn("relay-a:x", "relay-a:x").sentences())
                .isEqualTo("The schedule key \"relay-a:x\" has the turn \"relay-a:x\". Expected turns like relay-a:2,"
                        + " an instance's name and a number of steps of 1 or more, separated by commas. Fix: copy the"
                        + " key whole from the failure that printed it.");
    }

    @Test
    void unknownInstance() {
        assertThat(ScheduleMessages.unknownInstance("relay-c:1", "relay-c", List.of("relay-a", "relay-b"))
                        .sentences())
                .isEqualTo("The schedule key \"relay-c:1\" names the instance \"relay-c\", and the test has relay-a,"
                        + " relay-b. Expected one of these names. Fix: copy the key whole from the failure that"
                        + " printed it, or rename the instance back.");
    }

    @Test
    void stepsDiffer() {
        assertThat(ScheduleMessages.stepsDiffer("relay-a:1,relay-b:2", "relay-a", 1, 2)
                        .sentences())
                .isEqualTo("The schedule key \"relay-a:1,relay-b:2\" gives relay-a 1 step, and its recording found 2."
                        + " Expected the steps of the code the key was printed for. Fix: the code changed since the"
                        + " key was printed: run the whole sweep again and take the new key.");
    }

    @Test
    void malformedStall() {
        assertThat(ScheduleMessages.malformedStall("relay-a:1,+31x,relay-b:1", "+31x")
                        .sentences())
                .isEqualTo("The schedule key \"relay-a:1,+31x,relay-b:1\" has the stall \"+31x\", which is no duration."
                        + " Expected a stall like +31s: a plus sign and a positive number with an optional unit ms, s"
                        + " (default), m or h, for example 90 s. Fix: copy the key whole from the failure that printed"
                        + " it.");
    }

    @Test
    void stallWithoutTurn() {
        assertThat(ScheduleMessages.stallWithoutTurn("+31s,relay-a:1", "+31s").sentences())
                .isEqualTo("The schedule key \"+31s,relay-a:1\" has the stall \"+31s\" where no instance's turn ends."
                        + " Expected a stall right after the turn of the instance it stops, as in relay-a:2,+31s. Fix:"
                        + " copy the key whole from the failure that printed it.");
    }

    @Test
    void stallNotResumed() {
        assertThat(ScheduleMessages.stallNotResumed("relay-a:2,+31s,relay-b:2", "+31s", "relay-a")
                        .sentences())
                .isEqualTo("The schedule key \"relay-a:2,+31s,relay-b:2\" stalls relay-a with \"+31s\", and no turn of"
                        + " relay-a comes after it. Expected a turn of the stalled instance after its stall, which lets"
                        + " it carry on to its end. Fix: copy the key whole from the failure that printed it.");
    }

    @Test
    void stallNotPositive() {
        assertThat(ScheduleMessages.stallNotPositive(Duration.ZERO).sentences())
                .isEqualTo("A stall of PT0S moves the clock nowhere. Expected a duration of more than zero, longer than"
                        + " the leases the code takes. Fix: give the stall a positive duration, such as 31 s.");
    }

    @Test
    void malformedCrash() {
        assertThat(ScheduleMessages.malformedCrash("relay-a:1,crash+31x,relay-b:2", "crash+31x")
                        .sentences())
                .isEqualTo("The schedule key \"relay-a:1,crash+31x,relay-b:2\" has the crash \"crash+31x\", which is"
                        + " malformed. Expected a crash like crash or crash+31s: the word crash, then a plus sign and a"
                        + " positive number with an optional unit ms, s (default), m or h, for example 90 s when the"
                        + " clock moves after it. Fix: copy the key whole from the failure that printed it.");
    }

    @Test
    void crashWithoutTurn() {
        assertThat(ScheduleMessages.crashWithoutTurn("crash,relay-a:2,relay-b:2", "crash")
                        .sentences())
                .isEqualTo("The schedule key \"crash,relay-a:2,relay-b:2\" has the crash \"crash\" where no"
                        + " instance's turn ends. Expected a crash right after the turn of the instance it kills, as in"
                        + " relay-a:2,crash. Fix: copy the key whole from the failure that printed it.");
    }

    @Test
    void turnAfterCrash() {
        assertThat(ScheduleMessages.turnAfterCrash("relay-a:1,crash+31s,relay-b:2,relay-a:1", "crash+31s", "relay-a")
                        .sentences())
                .isEqualTo("The schedule key \"relay-a:1,crash+31s,relay-b:2,relay-a:1\" crashes relay-a with"
                        + " \"crash+31s\", and gives relay-a a turn after it. Expected no turn of a crashed instance"
                        + " after its crash: a dead instance takes no further turn. Fix: copy the key whole from the"
                        + " failure that printed it.");
    }

    @Test
    void crashAfterTheEnd() {
        assertThat(ScheduleMessages.crashAfterTheEnd("relay-a:2,crash,relay-b:2", "relay-a", 2, 2)
                        .sentences())
                .isEqualTo("The schedule key \"relay-a:2,crash,relay-b:2\" crashes relay-a after 2 steps, and its"
                        + " recording found 2: it has ended by then. Expected a crash at one of the instance's points,"
                        + " after fewer steps than its recording found. Fix: copy the key whole from the failure that"
                        + " printed it, or run the whole sweep again and take the new key.");
    }

    @Test
    void crashNegative() {
        assertThat(ScheduleMessages.crashNegative(Duration.ofSeconds(-1)).sentences())
                .isEqualTo("A crash after which the clock moves by PT-1S moves it back. Expected a duration of zero or"
                        + " more: how long the others wait before they go on. Fix: give the crash a duration of zero or"
                        + " more, such as 31 s.");
    }
}
