package dev.deliverykit.schedule;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.internal.text.InvalidArgumentException;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/** Reads a schedule's {@linkplain Schedule#key() key} back, against the instances it was planned for. */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ScheduleKeys {

    private ScheduleKeys() {}

    /**
     * The schedule {@code key} names among {@code instances}; refused with what is wrong, and how to fix it, when a
     * turn is malformed, names no instance, or the key's steps are not the instances' steps (the code changed since
     * the key was printed).
     */
    public static Schedule read(String key, List<InstanceSteps> instances) {
        List<InstanceSteps> known = List.copyOf(instances);
        List<String> names = known.stream().map(InstanceSteps::name).toList();
        int[] taken = new int[known.size()];
        List<Integer> order = new ArrayList<>();
        for (Turn turn : turns(key, names)) {
            int instance = names.indexOf(turn.instance());
            taken[instance] += turn.steps();
            for (int step = 0; step < turn.steps(); step++) {
                order.add(instance);
            }
        }
        for (int instance = 0; instance < known.size(); instance++) {
            int recorded = known.get(instance).steps().size();
            if (taken[instance] != recorded) {
                throw new InvalidArgumentException(
                        ScheduleMessages.stepsDiffer(key, names.get(instance), taken[instance], recorded));
            }
        }
        return new Schedule(known, order.stream().mapToInt(Integer::intValue).toArray());
    }

    /**
     * The turns {@code key} names among the instances called {@code names}, without their recorded steps: each turn
     * stops at {@code point N}, the instance's N-th point counted over its turns. Refused as {@link #read} refuses a
     * malformed turn or an unknown instance.
     */
    public static List<Turn> turns(String key, List<String> names) {
        List<Turn> turns = new ArrayList<>();
        int[] taken = new int[names.size()];
        for (String turn : key.split(",", -1)) {
            int colon = turn.lastIndexOf(':');
            int steps = colon < 0 ? 0 : count(turn.substring(colon + 1));
            if (steps < 1) {
                throw new InvalidArgumentException(ScheduleMessages.malformedTurn(key, turn));
            }
            int instance = names.indexOf(turn.substring(0, colon));
            if (instance < 0) {
                throw new InvalidArgumentException(
                        ScheduleMessages.unknownInstance(key, turn.substring(0, colon), names));
            }
            taken[instance] += steps;
            turns.add(new Turn(names.get(instance), steps, "point " + taken[instance]));
        }
        return turns;
    }

    /** A positive count of steps, or 0 for anything else. */
    private static int count(String text) {
        if (text.isEmpty() || text.length() > 6 || !text.chars().allMatch(Character::isDigit)) {
            return 0;
        }
        return Integer.parseInt(text);
    }
}
