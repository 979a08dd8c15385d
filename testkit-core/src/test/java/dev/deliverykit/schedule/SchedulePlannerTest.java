package dev.deliverykit.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.internal.text.InvalidArgumentException;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class SchedulePlannerTest {

    private static final List<InstanceSteps> OPAQUE_PAIR = List.of(
            new InstanceSteps("a", List.of(Step.touchingEverything("p1"), Step.touchingEverything("the end"))),
            new InstanceSteps("b", List.of(Step.touchingEverything("p1"), Step.touchingEverything("the end"))));

    /** Two relays: each claims in the outbox, then sends to the broker (the package's example). */
    private static final List<InstanceSteps> RELAYS = List.of(relay("relay-a"), relay("relay-b"));

    private static InstanceSteps relay(String name) {
        return new InstanceSteps(
                name,
                List.of(Step.of("after-claim", Access.write("outbox")), Step.of("the end", Access.write("broker"))));
    }

    private static List<String> keys(SchedulePlan plan) {
        return plan.schedules().stream().map(Schedule::key).toList();
    }

    @Test
    void thePreemptionBoundKeepsTheOrdersWithAtMostThatManyPreemptions() {
        // aabb and bbaa preempt nobody; abba and baab once (b ends, so going back to a is free); abab and baba twice
        assertThat(keys(SchedulePlanner.plan(OPAQUE_PAIR, new ScheduleStrategy.Exhaustive(0, true))))
                .containsExactly("a:2,b:2", "b:2,a:2");
        assertThat(keys(SchedulePlanner.plan(OPAQUE_PAIR, new ScheduleStrategy.Exhaustive(1, true))))
                .containsExactly("a:2,b:2", "a:1,b:2,a:1", "b:1,a:2,b:1", "b:2,a:2");
        assertThat(keys(SchedulePlanner.plan(OPAQUE_PAIR, new ScheduleStrategy.Exhaustive(2, true))))
                .containsExactly(
                        "a:2,b:2", "a:1,b:1,a:1,b:1", "a:1,b:2,a:1", "b:1,a:2,b:1", "b:1,a:1,b:1,a:1", "b:2,a:2");
    }

    @Test
    void aScheduleCountsItsPreemptionsAsChessDoes() {
        SchedulePlan plan = SchedulePlanner.plan(OPAQUE_PAIR, new ScheduleStrategy.Exhaustive(2, false));

        assertThat(plan.schedules().stream().map(Schedule::preemptions)).containsExactly(0, 2, 1, 1, 2, 0);
    }

    @Test
    void stepsThatTouchNothingInCommonAreNotOrderedBothWays() {
        SchedulePlan plan = SchedulePlanner.plan(RELAYS, new ScheduleStrategy.Exhaustive(2, true));

        // relay-a's send and relay-b's claim commute, and so do relay-b's send and relay-a's claim
        assertThat(keys(plan))
                .containsExactly(
                        "relay-a:2,relay-b:2",
                        "relay-a:1,relay-b:2,relay-a:1",
                        "relay-b:1,relay-a:2,relay-b:1",
                        "relay-b:1,relay-a:1,relay-b:1,relay-a:1");
        assertThat(plan.considered()).isEqualTo(6);
        assertThat(plan.equivalent()).isEqualTo(2);
    }

    @Test
    void withoutReductionEveryOrderWithinTheBoundRuns() {
        SchedulePlan plan = SchedulePlanner.plan(RELAYS, new ScheduleStrategy.Exhaustive(2, false));

        assertThat(plan.schedules()).hasSize(6);
        assertThat(plan.equivalent()).isZero();
    }

    @Test
    void instancesOnResourcesOfTheirOwnHaveOneSchedule() {
        List<InstanceSteps> apart = List.of(
                new InstanceSteps(
                        "orders",
                        IntStream.range(0, 3)
                                .mapToObj(i -> Step.of("p" + i, Access.write("orders.db")))
                                .toList()),
                new InstanceSteps(
                        "billing",
                        IntStream.range(0, 3)
                                .mapToObj(
                                        i -> Step.of("p" + i, Access.write("billing.db"), Access.read("customers.db")))
                                .toList()));

        SchedulePlan plan = SchedulePlanner.plan(apart, new ScheduleStrategy.Exhaustive(6, true));

        assertThat(plan.considered()).isEqualTo(20); // 6 choose 3
        assertThat(keys(plan)).containsExactly("orders:3,billing:3");
    }

    @Test
    void readsOfOneResourceCommuteAndAWriteDoesNot() {
        List<InstanceSteps> readers = List.of(
                new InstanceSteps("a", List.of(Step.of("p", Access.read("outbox")))),
                new InstanceSteps("b", List.of(Step.of("p", Access.read("outbox")))));
        List<InstanceSteps> writer = List.of(
                new InstanceSteps("a", List.of(Step.of("p", Access.read("outbox")))),
                new InstanceSteps("b", List.of(Step.of("p", Access.write("outbox")))));

        assertThat(SchedulePlanner.plan(readers, new ScheduleStrategy.Exhaustive(2, true))
                        .schedules())
                .hasSize(1);
        assertThat(SchedulePlanner.plan(writer, new ScheduleStrategy.Exhaustive(2, true))
                        .schedules())
                .hasSize(2);
    }

    @Test
    void aScheduleIsNamedByItsTurns() {
        Schedule schedule = SchedulePlanner.plan(RELAYS, new ScheduleStrategy.Exhaustive(2, true))
                .schedules()
                .get(1);

        assertThat(schedule.name()).isEqualTo("relay-a to after-claim, relay-b to the end, relay-a to the end");
        assertThat(schedule.turns())
                .containsExactly(
                        new Turn("relay-a", 1, "after-claim"),
                        new Turn("relay-b", 2, "the end"),
                        new Turn("relay-a", 1, "the end"));
    }

    @Test
    void randomPrioritiesDrawTheSameSchedulesFromTheSameSeed() {
        List<InstanceSteps> three = List.of(relay("r1"), relay("r2"), relay("r3"));
        ScheduleStrategy strategy = new ScheduleStrategy.RandomPriorities(42, 3, 50);

        SchedulePlan first = SchedulePlanner.plan(three, strategy);
        SchedulePlan second = SchedulePlanner.plan(three, strategy);

        assertThat(keys(second)).isEqualTo(keys(first));
        assertThat(first.considered()).isEqualTo(50);
        assertThat(first.schedules().size() + first.equivalent()).isEqualTo(50);
        assertThat(first.schedules()).hasSizeGreaterThan(1);
        assertThat(first.schedules())
                .allSatisfy(schedule ->
                        assertThat(ScheduleKeys.read(schedule.key(), three)).isEqualTo(schedule));
    }

    @Test
    void depthOneRunsEachInstanceToItsEndInPriorityOrder() {
        SchedulePlan plan = SchedulePlanner.plan(OPAQUE_PAIR, new ScheduleStrategy.RandomPriorities(7, 1, 20));

        assertThat(keys(plan)).containsExactlyInAnyOrder("a:2,b:2", "b:2,a:2");
    }

    @Test
    void aChangePointStopsTheRunningInstanceForTheOthers() {
        SchedulePlan plan = SchedulePlanner.plan(OPAQUE_PAIR, new ScheduleStrategy.RandomPriorities(7, 2, 200));

        assertThat(plan.schedules())
                .anySatisfy(schedule -> assertThat(schedule.preemptions()).isEqualTo(1));
        assertThat(plan.schedules())
                .allSatisfy(schedule -> assertThat(schedule.preemptions()).isLessThanOrEqualTo(1));
    }

    @Test
    void tooManySchedulesAskForSampling() {
        List<InstanceSteps> large = IntStream.range(0, 3)
                .mapToObj(i -> new InstanceSteps(
                        "i" + i,
                        IntStream.range(0, 8)
                                .mapToObj(step -> Step.touchingEverything("p" + step))
                                .toList()))
                .toList();

        assertThatThrownBy(() -> SchedulePlanner.plan(large, new ScheduleStrategy.Exhaustive(24, false)))
                .isInstanceOfSatisfying(
                        InvalidArgumentException.class,
                        thrown -> assertThat(thrown.value())
                                .isEqualTo(ScheduleMessages.tooManySchedules(SchedulePlanner.MOST_CONSIDERED)));
    }

    @Test
    void fewerThanTwoInstancesOrTwoOfOneNameAreRefused() {
        assertThatThrownBy(() -> SchedulePlanner.plan(List.of(relay("a")), new ScheduleStrategy.Exhaustive(2, true)))
                .isInstanceOfSatisfying(
                        InvalidArgumentException.class,
                        thrown -> assertThat(thrown.value()).isEqualTo(ScheduleMessages.tooFewInstances(1)));
        assertThatThrownBy(() ->
                        SchedulePlanner.plan(List.of(relay("a"), relay("a")), new ScheduleStrategy.Exhaustive(2, true)))
                .isInstanceOfSatisfying(
                        InvalidArgumentException.class,
                        thrown -> assertThat(thrown.value()).isEqualTo(ScheduleMessages.duplicateName("a")));
    }

    @Test
    void badInstancesAndStrategiesAreRefused() {
        assertThatThrownBy(() -> new InstanceSteps("relay a", List.of(Step.touchingEverything("p"))))
                .isInstanceOfSatisfying(
                        InvalidArgumentException.class,
                        thrown -> assertThat(thrown.value()).isEqualTo(ScheduleMessages.badInstanceName("relay a")));
        assertThatThrownBy(() -> new InstanceSteps("a", List.of()))
                .isInstanceOfSatisfying(
                        InvalidArgumentException.class,
                        thrown -> assertThat(thrown.value()).isEqualTo(ScheduleMessages.noSteps("a")));
        assertThatThrownBy(() -> new ScheduleStrategy.Exhaustive(-1, true))
                .isInstanceOfSatisfying(
                        InvalidArgumentException.class,
                        thrown -> assertThat(thrown.value()).isEqualTo(ScheduleMessages.negativeBound(-1)));
        assertThatThrownBy(() -> new ScheduleStrategy.RandomPriorities(1, 0, 10))
                .isInstanceOfSatisfying(
                        InvalidArgumentException.class,
                        thrown -> assertThat(thrown.value()).isEqualTo(ScheduleMessages.badSampling(0, 10)));
    }
}
