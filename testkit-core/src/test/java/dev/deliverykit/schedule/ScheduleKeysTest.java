package dev.deliverykit.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.internal.text.InvalidArgumentException;
import dev.deliverykit.internal.text.Message;
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

    private static void assertRefused(String key, Message expected) {
        assertThatThrownBy(() -> ScheduleKeys.read(key, RELAYS))
                .isInstanceOfSatisfying(
                        InvalidArgumentException.class,
                        thrown -> assertThat(thrown.value()).isEqualTo(expected));
    }
}
