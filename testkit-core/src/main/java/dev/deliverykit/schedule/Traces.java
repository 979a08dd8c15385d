package dev.deliverykit.schedule;

import java.util.List;

/**
 * Which schedules are equivalent: two orders that differ only in steps of different instances that do not conflict
 * (Mazurkiewicz traces) reach the same state, so one of each class is enough. A class is named by its lexicographic
 * normal form: the least order of it, comparing instances by their place in the list.
 */
final class Traces {

    private Traces() {}

    /** The normal form of {@code order}'s class: of every step that could go first, the least instance's, again. */
    static int[] normalForm(List<InstanceSteps> instances, int[] order) {
        Step[] steps = steps(instances, order);
        boolean[] taken = new boolean[order.length];
        int[] normal = new int[order.length];
        for (int emitted = 0; emitted < order.length; emitted++) {
            int chosen = -1;
            for (int instance = 0; instance < instances.size() && chosen < 0; instance++) {
                int next = nextOf(order, taken, instance);
                if (next >= 0 && nothingBeforeConflicts(order, steps, taken, next)) {
                    chosen = next;
                }
            }
            taken[chosen] = true; // the earliest step left always qualifies, so one is chosen
            normal[emitted] = order[chosen];
        }
        return normal;
    }

    private static Step[] steps(List<InstanceSteps> instances, int[] order) {
        Step[] steps = new Step[order.length];
        int[] taken = new int[instances.size()];
        for (int at = 0; at < order.length; at++) {
            steps[at] = instances.get(order[at]).steps().get(taken[order[at]]++);
        }
        return steps;
    }

    /** The place of {@code instance}'s first step not yet taken, or -1. */
    private static int nextOf(int[] order, boolean[] taken, int instance) {
        for (int at = 0; at < order.length; at++) {
            if (!taken[at] && order[at] == instance) {
                return at;
            }
        }
        return -1;
    }

    /** Whether no step left before {@code candidate} conflicts with it (another instance's: its own are taken). */
    private static boolean nothingBeforeConflicts(int[] order, Step[] steps, boolean[] taken, int candidate) {
        for (int at = 0; at < candidate; at++) {
            if (!taken[at] && steps[at].conflictsWith(steps[candidate])) {
                return false;
            }
        }
        return true;
    }
}
