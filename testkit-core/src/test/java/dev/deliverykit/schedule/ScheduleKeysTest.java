package dev.deliverykit.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.internal.text.InvalidArgumentException;
import dev.deliverykit.internal.text.Message;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScheduleKeysTest {

    private static final List<InstanceSteps> RELAYS = List.of(
            new InstanceSteps(
                    "relay-a", List.of(Step.touchingEverything("after-claim"), Step.touchingEverything("end"))),
            new InstanceSteps(
                    "relay-b", List.of(Step.touchingEverything("after-claim"), Step.touchingEverything("end"))));

    @Test
    void everyPlannedScheduleIsReadBackFromItsKey() {
        List<Schedule> schedules = SchedulePlanner.plan(RELAYS, new ScheduleStrategy.Exhaustive(4, false))
                .schedules();

        assertThat(schedules).hasSize(6);
        assertThat(schedules)
                .allSatisfy(schedule -> assertThat(ScheduleKeys.read(schedule.key(), RELAYS))
                        .isEqualTo(schedule)
                        .hasToString(schedule.name()));
    }

    @Test
    void aKeyTellsWhetherItStallsWithoutTheInstancesNames() {
        assertThat(ScheduleKeys.stalls("relay-a:4,+31s,relay-b:17,relay-a:13")).isTrue();
        assertThat(ScheduleKeys.stalls("relay-a:4,+soon,relay-b:17")).isTrue();
        assertThat(ScheduleKeys.stalls("relay-a:4,relay-b:17,relay-a:13")).isFalse();
        assertThat(ScheduleKeys.stalls("relay+a:4,relay-b:1")).isFalse();
        assertThat(SchedulePlanner.stalls(RELAYS, Duration.ofSeconds(31)))
                .allSatisfy(
                        stall -> assertThat(ScheduleKeys.stalls(stall.key())).isTrue());
    }

    @Test
    void turnsOfOneInstanceInARowAreOneTurn() {
        assertThat(ScheduleKeys.read("relay-a:1,relay-a:1,relay-b:2", RELAYS).key())
                .isEqualTo("relay-a:2,relay-b:2");
    }

    @Test
    void aMalformedTurnIsRefused() {
        assertRefused("relay-a:2,relay-b", ScheduleMessages.malformedTurn("relay-a:2,relay-b", "relay-b"));
        assertRefused("relay-a:0,relay-b:2", ScheduleMessages.malformedTurn("relay-a:0,relay-b:2", "relay-a:0"));
        assertRefused("relay-a:2,", ScheduleMessages.malformedTurn("relay-a:2,", ""));
        assertRefused("relay-a:99999999", ScheduleMessages.malformedTurn("relay-a:99999999", "relay-a:99999999"));
    }

    @Test
    void anUnknownInstanceIsRefused() {
        assertRefused(
                "relay-a:2,relay-c:2",
                ScheduleMessages.unknownInstance("relay-a:2,relay-c:2", "relay-c", List.of("relay-a", "relay-b")));
    }

    @Test
    void aKeyForOtherStepsIsRefused() {
        assertRefused("relay-a:2,relay-b:3", ScheduleMessages.stepsDiffer("relay-a:2,relay-b:3", "relay-b", 3, 2));
        assertRefused("relay-b:2", ScheduleMessages.stepsDiffer("relay-b:2", "relay-a", 0, 2));
    }

    @Test
    void everyStallIsReadBackFromItsKeyAndNamedAsAStall() {
        List<Schedule> stalls = SchedulePlanner.stalls(RELAYS, Duration.ofSeconds(31));

        assertThat(stalls)
                .extracting(Schedule::key)
                .containsExactly("relay-a:1,+31s,relay-b:2,relay-a:1", "relay-b:1,+31s,relay-a:2,relay-b:1");
        assertThat(stalls.get(0).name())
                .isEqualTo("stall relay-a at after-claim for 31 s, relay-b to end, relay-a to end");
        assertThat(stalls.get(0).moves())
                .containsExactly(
                        new Turn("relay-a", 1, "after-claim"),
                        new Stall("relay-a", Duration.ofSeconds(31)),
                        new Turn("relay-b", 2, "end"),
                        new Turn("relay-a", 1, "end"));
        assertThat(stalls)
                .allSatisfy(stall -> assertThat(ScheduleKeys.read(stall.key(), RELAYS))
                        .isEqualTo(stall)
                        .hasToString(stall.name()));
        assertThat(ScheduleKeys.read("relay-a:1,+1500ms,relay-b:2,relay-a:1", RELAYS)
                        .key())
                .isEqualTo("relay-a:1,+1500ms,relay-b:2,relay-a:1");
    }

    @Test
    void aStallOutOfPlaceOrOfNoDurationIsRefused() {
        String noDuration = "relay-a:1,+31x,relay-b:2,relay-a:1";
        assertRefused(noDuration, ScheduleMessages.malformedStall(noDuration, "+31x"));
        String zero = "relay-a:1,+0s,relay-b:2,relay-a:1";
        assertRefused(zero, ScheduleMessages.malformedStall(zero, "+0s"));
        String first = "+31s,relay-a:2,relay-b:2";
        assertRefused(first, ScheduleMessages.stallWithoutTurn(first, "+31s"));
        String twice = "relay-a:1,+31s,+5s,relay-b:2,relay-a:1";
        assertRefused(twice, ScheduleMessages.stallWithoutTurn(twice, "+5s"));
        String notResumed = "relay-a:2,+31s,relay-b:2";
        assertRefused(notResumed, ScheduleMessages.stallNotResumed(notResumed, "+31s", "relay-a"));
    }

    @Test
    void aStallOfNoDurationIsNotPlanned() {
        assertThatThrownBy(() -> SchedulePlanner.stalls(RELAYS, Duration.ZERO))
                .isInstanceOfSatisfying(
                        InvalidArgumentException.class,
                        thrown ->
                                assertThat(thrown.value()).isEqualTo(ScheduleMessages.stallNotPositive(Duration.ZERO)));
    }

    @Test
    void everyCrashIsReadBackFromItsKeyAndNamedAsACrash() {
        List<Schedule> crashes = SchedulePlanner.crashes(RELAYS, Duration.ofSeconds(31));

        assertThat(crashes)
                .extracting(Schedule::key)
                .containsExactly("relay-a:1,crash+31s,relay-b:2", "relay-b:1,crash+31s,relay-a:2");
        assertThat(crashes.get(0).name()).isEqualTo("crash relay-a at after-claim, 31 s pass, relay-b to end");
        assertThat(crashes.get(0).moves())
                .containsExactly(
                        new Turn("relay-a", 1, "after-claim"),
                        new Crash("relay-a", Duration.ofSeconds(31)),
                        new Turn("relay-b", 2, "end"));
        assertThat(crashes)
                .allSatisfy(crash -> assertThat(ScheduleKeys.read(crash.key(), RELAYS))
                        .isEqualTo(crash)
                        .hasToString(crash.name()));
        Schedule still = SchedulePlanner.crashes(RELAYS, Duration.ZERO).get(0);
        assertThat(still.key()).isEqualTo("relay-a:1,crash,relay-b:2");
        assertThat(still.name()).isEqualTo("crash relay-a at after-claim, relay-b to end");
        assertThat(ScheduleKeys.read("relay-a:1,crash+1500ms,relay-b:2", RELAYS).key())
                .isEqualTo("relay-a:1,crash+1500ms,relay-b:2");
    }

    @Test
    void aKeyTellsWhetherItCrashesWithoutTheInstancesNames() {
        assertThat(ScheduleKeys.crashes("relay-a:4,crash+31s,relay-b:17")).isTrue();
        assertThat(ScheduleKeys.crashes("relay-a:4,crash,relay-b:17")).isTrue();
        assertThat(ScheduleKeys.crashes("relay-a:4,crashsoon,relay-b:17")).isTrue();
        assertThat(ScheduleKeys.crashes("crash-1:4,crash-2:17")).isFalse();
        assertThat(ScheduleKeys.crashes("relay-a:4,+31s,relay-b:17,relay-a:1")).isFalse();
        assertThat(ScheduleKeys.stalls("relay-a:4,crash+31s,relay-b:17")).isFalse();
    }

    @Test
    void aCrashOutOfPlaceOrOfNoDurationIsRefused() {
        String noDuration = "relay-a:1,crash+31x,relay-b:2";
        assertRefused(noDuration, ScheduleMessages.malformedCrash(noDuration, "crash+31x"));
        String noPlus = "relay-a:1,crash31s,relay-b:2";
        assertRefused(noPlus, ScheduleMessages.malformedCrash(noPlus, "crash31s"));
        String first = "crash,relay-a:2,relay-b:2";
        assertRefused(first, ScheduleMessages.crashWithoutTurn(first, "crash"));
        String afterStall = "relay-a:1,+31s,crash,relay-b:2";
        assertRefused(afterStall, ScheduleMessages.crashWithoutTurn(afterStall, "crash"));
        String again = "relay-a:1,crash+31s,relay-b:2,relay-a:1";
        assertRefused(again, ScheduleMessages.turnAfterCrash(again, "crash+31s", "relay-a"));
        String atTheEnd = "relay-a:2,crash,relay-b:2";
        assertRefused(atTheEnd, ScheduleMessages.crashAfterTheEnd(atTheEnd, "relay-a", 2, 2));
        assertThatThrownBy(() -> SchedulePlanner.crashes(RELAYS, Duration.ofSeconds(-1)))
                .isInstanceOfSatisfying(
                        InvalidArgumentException.class,
                        thrown -> assertThat(thrown.value())
                                .isEqualTo(ScheduleMessages.crashNegative(Duration.ofSeconds(-1))));
    }

    private static void assertRefused(String key, Message expected) {
        assertThatThrownBy(() -> ScheduleKeys.read(key, RELAYS))
                .isInstanceOfSatisfying(
                        InvalidArgumentException.class,
                        thrown -> assertThat(thrown.value()).isEqualTo(expected));
    }
}
