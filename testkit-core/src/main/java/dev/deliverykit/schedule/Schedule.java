package dev.deliverykit.schedule;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.internal.text.DurationText;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
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
    /** The stalls: before which step of {@link #order} (its index) the instance of the step before it stalls. */
    private final SortedMap<Integer, Duration> stalls;

    Schedule(List<InstanceSteps> instances, int[] order) {
        this(instances, order, new TreeMap<>());
    }

    Schedule(List<InstanceSteps> instances, int[] order, Map<Integer, Duration> stalls) {
        this.instances = instances;
        this.order = order;
        this.stalls = new TreeMap<>(stalls);
    }

    /** The turns: each instance's steps in a row, in order. */
    public List<Turn> turns() {
        return moves().stream()
                .filter(Turn.class::isInstance)
                .map(Turn.class::cast)
                .toList();
    }

    /** The turns and, right after the turn of the instance it stops, each stall. */
    public List<Move> moves() {
        List<Move> moves = new ArrayList<>();
        int[] taken = new int[instances.size()];
        int at = 0;
        while (at < order.length) {
            int instance = order[at];
            int steps = 0;
            do {
                steps++;
                at++;
            } while (at < order.length && order[at] == instance && !stalls.containsKey(at));
            taken[instance] += steps;
            InstanceSteps of = instances.get(instance);
            moves.add(new Turn(
                    of.name(), steps, of.steps().get(taken[instance] - 1).stopsAt()));
            if (stalls.containsKey(at)) {
                moves.add(new Stall(of.name(), stalls.get(at)));
            }
        }
        return moves;
    }

    /**
     * {@code relay-a to after-claim, relay-b to the end, relay-a to the end}; a turn with a stall after it says
     * {@code stall relay-a at after-claim for 31 s}.
     */
    public String name() {
        List<Move> moves = moves();
        List<String> parts = new ArrayList<>();
        for (int at = 0; at < moves.size(); at++) {
            Turn turn = (Turn) moves.get(at); // a stall always follows a turn, and is said with it
            if (at + 1 < moves.size() && moves.get(at + 1) instanceof Stall stall) {
                parts.add("stall " + turn.instance() + " at " + turn.stopsAt() + " for "
                        + DurationText.format(stall.duration()));
                at++;
            } else {
                parts.add(turn.describe());
            }
        }
        return String.join(", ", parts);
    }

    /**
     * {@code relay-a:1,relay-b:2,relay-a:1}, {@code relay-a:2,+31s,relay-b:5,relay-a:3}: each turn's instance and
     * steps and each stall's duration, read back by {@link ScheduleKeys}.
     */
    public String key() {
        return moves().stream().map(Move::key).collect(Collectors.joining(","));
    }

    /** Whether an instance stalls in this schedule. */
    public boolean stalls() {
        return !stalls.isEmpty();
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
                && Arrays.equals(order, schedule.order)
                && stalls.equals(schedule.stalls);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * instances.hashCode() + Arrays.hashCode(order)) + stalls.hashCode();
    }

    @Override
    public String toString() {
        return name();
    }
}
