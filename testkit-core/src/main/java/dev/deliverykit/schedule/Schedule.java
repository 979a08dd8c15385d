package dev.deliverykit.schedule;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.internal.text.DurationText;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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
    /**
     * The crashes: after how many steps of {@link #order} the instance of the last of them dies, and how far the
     * clock then moves; a crashed instance has no step after it.
     */
    private final SortedMap<Integer, Duration> crashes;

    Schedule(List<InstanceSteps> instances, int[] order) {
        this(instances, order, new TreeMap<>());
    }

    Schedule(List<InstanceSteps> instances, int[] order, Map<Integer, Duration> stalls) {
        this(instances, order, stalls, Map.of());
    }

    Schedule(
            List<InstanceSteps> instances, int[] order, Map<Integer, Duration> stalls, Map<Integer, Duration> crashes) {
        this.instances = instances;
        this.order = order;
        this.stalls = new TreeMap<>(stalls);
        this.crashes = new TreeMap<>(crashes);
    }

    /** The turns: each instance's steps in a row, in order. */
    public List<Turn> turns() {
        return moves().stream()
                .filter(Turn.class::isInstance)
                .map(Turn.class::cast)
                .toList();
    }

    /** The turns and, right after the turn of the instance it stops, each stall and each crash. */
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
            } while (at < order.length && order[at] == instance && !stalls.containsKey(at) && !crashes.containsKey(at));
            taken[instance] += steps;
            InstanceSteps of = instances.get(instance);
            moves.add(new Turn(
                    of.name(), steps, of.steps().get(taken[instance] - 1).stopsAt()));
            if (stalls.containsKey(at)) {
                moves.add(new Stall(of.name(), stalls.get(at)));
            }
            if (crashes.containsKey(at)) {
                moves.add(new Crash(of.name(), crashes.get(at)));
            }
        }
        return moves;
    }

    /**
     * {@code relay-a to after-claim, relay-b to the end, relay-a to the end}; a turn with a stall after it says
     * {@code stall relay-a at after-claim for 31 s}, one with a crash after it {@code crash relay-a at after-claim,
     * 31 s pass}.
     */
    public String name() {
        List<Move> moves = moves();
        List<String> parts = new ArrayList<>();
        for (int at = 0; at < moves.size(); at++) {
            Turn turn = (Turn) moves.get(at); // a stall or a crash always follows a turn, and is said with it
            Move next = at + 1 < moves.size() ? moves.get(at + 1) : turn;
            if (next instanceof Stall stall) {
                parts.add("stall " + turn.instance() + " at " + turn.stopsAt() + " for "
                        + DurationText.format(stall.duration()));
                at++;
            } else if (next instanceof Crash crash) {
                parts.add("crash " + turn.instance() + " at " + turn.stopsAt()
                        + (crash.duration().isZero() ? "" : ", " + DurationText.format(crash.duration()) + " pass"));
                at++;
            } else {
                parts.add(turn.describe());
            }
        }
        return String.join(", ", parts);
    }

    /**
     * {@code relay-a:1,relay-b:2,relay-a:1}, {@code relay-a:2,+31s,relay-b:5,relay-a:3},
     * {@code relay-a:2,crash+31s,relay-b:5}: each turn's instance and steps, each stall's duration and each crash with
     * how far the clock moves after it, read back by {@link ScheduleKeys}.
     */
    public String key() {
        return moves().stream().map(Move::key).collect(Collectors.joining(","));
    }

    /** Whether an instance stalls in this schedule. */
    public boolean stalls() {
        return !stalls.isEmpty();
    }

    /** Whether an instance crashes in this schedule. */
    public boolean crashes() {
        return !crashes.isEmpty();
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
                && stalls.equals(schedule.stalls)
                && crashes.equals(schedule.crashes);
    }

    @Override
    public int hashCode() {
        return Objects.hash(instances, Arrays.hashCode(order), stalls, crashes);
    }

    @Override
    public String toString() {
        return name();
    }
}
