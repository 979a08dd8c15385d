package dev.deliverykit.schedule;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * One order in which several instances take their steps: at each point, which instance goes next. Its
 * {@linkplain #name() name} says it in words, its {@linkplain #key() key} names it exactly for a replay.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Schedule {

    private final List<InstanceSteps> instances;
    /** The instance (its index in {@link #instances}) that takes each step, in order. */
    private final int[] order;

    Schedule(List<InstanceSteps> instances, int[] order) {
        this.instances = instances;
        this.order = order;
    }

    /** The turns: each instance's steps in a row, in order. */
    public List<Turn> turns() {
        List<Turn> turns = new ArrayList<>();
        int[] taken = new int[instances.size()];
        int at = 0;
        while (at < order.length) {
            int instance = order[at];
            int steps = 0;
            while (at < order.length && order[at] == instance) {
                steps++;
                at++;
            }
            taken[instance] += steps;
            InstanceSteps of = instances.get(instance);
            turns.add(new Turn(
                    of.name(), steps, of.steps().get(taken[instance] - 1).stopsAt()));
        }
        return turns;
    }

    /** {@code relay-a to after-claim, relay-b to the end, relay-a to the end}. */
    public String name() {
        return turns().stream().map(Turn::describe).collect(Collectors.joining(", "));
    }

    /** {@code relay-a:1,relay-b:2,relay-a:1}: each turn's instance and steps, read back by {@link ScheduleKeys}. */
    public String key() {
        return turns().stream()
                .map(turn -> turn.instance() + ":" + turn.steps())
                .collect(Collectors.joining(","));
    }

    /**
     * How many times an instance that could go on was stopped for another (a preemption, as CHESS counts them);
     * going on with another instance after one ended is free.
     */
    public int preemptions() {
        int[] left = new int[instances.size()];
        for (int i = 0; i < left.length; i++) {
            left[i] = instances.get(i).steps().size();
        }
        int preemptions = 0;
        for (int at = 0; at < order.length; at++) {
            if (at > 0 && order[at] != order[at - 1] && left[order[at - 1]] > 0) {
                preemptions++;
            }
            left[order[at]]--;
        }
        return preemptions;
    }

    int[] order() {
        return order.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Schedule schedule
                && instances.equals(schedule.instances)
                && Arrays.equals(order, schedule.order);
    }

    @Override
    public int hashCode() {
        return 31 * instances.hashCode() + Arrays.hashCode(order);
    }

    @Override
    public String toString() {
        return name();
    }
}
