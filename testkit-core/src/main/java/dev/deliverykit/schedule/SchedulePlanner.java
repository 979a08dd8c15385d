package dev.deliverykit.schedule;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.internal.text.InvalidArgumentException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apiguardian.api.API;

/** Plans the schedules of several instances under a {@link ScheduleStrategy}; the same input, the same plan. */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SchedulePlanner {

    /** How many schedules an exhaustive strategy may consider before the planner asks for sampling instead. */
    static final int MOST_CONSIDERED = 100_000;

    private SchedulePlanner() {}

    /** The schedules of {@code instances}, at least two with distinct names, chosen by {@code strategy}. */
    public static SchedulePlan plan(List<InstanceSteps> instances, ScheduleStrategy strategy) {
        List<InstanceSteps> checked = checked(instances);
        List<int[]> considered = strategy instanceof ScheduleStrategy.Exhaustive exhaustive
                ? bounded(checked, exhaustive.preemptionBound())
                : drawn(checked, (ScheduleStrategy.RandomPriorities) strategy);
        boolean reduce = !(strategy instanceof ScheduleStrategy.Exhaustive exhaustive) || exhaustive.reduction();
        Map<String, int[]> kept = new LinkedHashMap<>();
        for (int[] order : considered) {
            String trace = reduce ? Arrays.toString(Traces.normalForm(checked, order)) : Arrays.toString(order);
            kept.putIfAbsent(trace, order);
        }
        List<Schedule> schedules = kept.values().stream()
                .map(order -> new Schedule(checked, order))
                .toList();
        return new SchedulePlan(schedules, considered.size(), considered.size() - schedules.size());
    }

    /**
     * The stalls of {@code instances} for {@code duration}: one per point of each instance, the instances in the order
     * given and each one's points in order. The instance runs to the point and stalls there, every other instance
     * runs to its end in the order given, then the stalled one carries on to its end.
     */
    public static List<Schedule> stalls(List<InstanceSteps> instances, Duration duration) {
        List<InstanceSteps> checked = checked(instances);
        if (duration.isNegative() || duration.isZero()) {
            throw new InvalidArgumentException(ScheduleMessages.stallNotPositive(duration));
        }
        List<Schedule> stalls = new ArrayList<>();
        for (int stalled = 0; stalled < checked.size(); stalled++) {
            int steps = checked.get(stalled).steps().size();
            for (int point = 1; point < steps; point++) {
                List<Integer> order = new ArrayList<>();
                for (int step = 0; step < point; step++) {
                    order.add(stalled);
                }
                for (int other = 0; other < checked.size(); other++) {
                    for (int step = 0;
                            other != stalled
                                    && step < checked.get(other).steps().size();
                            step++) {
                        order.add(other);
                    }
                }
                for (int step = point; step < steps; step++) {
                    order.add(stalled);
                }
                stalls.add(new Schedule(
                        checked, order.stream().mapToInt(Integer::intValue).toArray(), Map.of(point, duration)));
            }
        }
        return stalls;
    }

    /**
     * The crashes of {@code instances}, each followed by {@code duration} of the clock (zero: none): one per point of
     * each instance, the instances in the order given and each one's points in order. The instance runs to the point
     * and dies there, the clock moves, and every other instance runs to its end in the order given.
     */
    public static List<Schedule> crashes(List<InstanceSteps> instances, Duration duration) {
        List<InstanceSteps> checked = checked(instances);
        if (duration.isNegative()) {
            throw new InvalidArgumentException(ScheduleMessages.crashNegative(duration));
        }
        List<Schedule> crashes = new ArrayList<>();
        for (int crashed = 0; crashed < checked.size(); crashed++) {
            for (int point = 1; point < checked.get(crashed).steps().size(); point++) {
                List<Integer> order = new ArrayList<>(Collections.nCopies(point, crashed));
                for (int other = 0; other < checked.size(); other++) {
                    if (other != crashed) {
                        order.addAll(
                                Collections.nCopies(checked.get(other).steps().size(), other));
                    }
                }
                crashes.add(new Schedule(
                        checked,
                        order.stream().mapToInt(Integer::intValue).toArray(),
                        Map.of(),
                        Map.of(point, duration)));
            }
        }
        return crashes;
    }

    private static List<InstanceSteps> checked(List<InstanceSteps> instances) {
        List<InstanceSteps> copy = List.copyOf(instances);
        if (copy.size() < 2) {
            throw new InvalidArgumentException(ScheduleMessages.tooFewInstances(copy.size()));
        }
        Set<String> names = new HashSet<>();
        for (InstanceSteps instance : copy) {
            InstanceNames.requireNew(names, instance.name());
            names.add(instance.name());
        }
        return copy;
    }

    /** Every order with at most {@code bound} preemptions, the least instance first at each choice. */
    private static List<int[]> bounded(List<InstanceSteps> instances, int bound) {
        int[] left =
                instances.stream().mapToInt(instance -> instance.steps().size()).toArray();
        int total = Arrays.stream(left).sum();
        List<int[]> orders = new ArrayList<>();
        extend(new int[total], 0, left, bound, orders);
        return orders;
    }

    private static void extend(int[] order, int at, int[] left, int preemptionsLeft, List<int[]> orders) {
        if (at == order.length) {
            if (orders.size() == MOST_CONSIDERED) {
                throw new InvalidArgumentException(ScheduleMessages.tooManySchedules(MOST_CONSIDERED));
            }
            orders.add(order.clone());
            return;
        }
        for (int instance = 0; instance < left.length; instance++) {
            if (left[instance] == 0) {
                continue;
            }
            boolean preempts = at > 0 && order[at - 1] != instance && left[order[at - 1]] > 0;
            if (preempts && preemptionsLeft == 0) {
                continue;
            }
            order[at] = instance;
            left[instance]--;
            extend(order, at + 1, left, preemptionsLeft - (preempts ? 1 : 0), orders);
            left[instance]++;
        }
    }

    /** {@code strategy.budget()} orders drawn by PCT, one after another from the seed. */
    private static List<int[]> drawn(List<InstanceSteps> instances, ScheduleStrategy.RandomPriorities strategy) {
        Random random = new Random(strategy.seed());
        int count = instances.size();
        int total =
                instances.stream().mapToInt(instance -> instance.steps().size()).sum();
        List<int[]> orders = new ArrayList<>();
        for (int draw = 0; draw < strategy.budget(); draw++) {
            int depth = strategy.depth();
            int[] priority = new int[count];
            for (int instance = 0; instance < count; instance++) {
                priority[instance] = depth + instance;
            }
            for (int i = count - 1; i > 0; i--) { // Fisher-Yates, so that every instance may go first
                int j = random.nextInt(i + 1);
                int swap = priority[i];
                priority[i] = priority[j];
                priority[j] = swap;
            }
            int[] changeAt = new int[depth - 1];
            for (int change = 0; change < changeAt.length; change++) {
                changeAt[change] = random.nextInt(total);
            }
            orders.add(prioritised(instances, priority, changeAt));
        }
        return orders;
    }

    /** Runs the highest priority that can go on; at the {@code j}-th change point its priority drops to {@code j}. */
    private static int[] prioritised(List<InstanceSteps> instances, int[] priority, int[] changeAt) {
        int[] left =
                instances.stream().mapToInt(instance -> instance.steps().size()).toArray();
        int[] order = new int[Arrays.stream(left).sum()];
        for (int at = 0; at < order.length; at++) {
            for (int change = 0; change < changeAt.length; change++) {
                if (changeAt[change] == at) {
                    priority[highest(priority, left)] = change + 1;
                }
            }
            int chosen = highest(priority, left);
            order[at] = chosen;
            left[chosen]--;
        }
        return order;
    }

    private static int highest(int[] priority, int[] left) {
        int best = -1;
        for (int instance = 0; instance < priority.length; instance++) {
            if (left[instance] > 0 && (best < 0 || priority[instance] > priority[best])) {
                best = instance;
            }
        }
        return best;
    }
}
