package dev.deliverykit.schedule;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.internal.text.InvalidArgumentException;
import org.apiguardian.api.API;

/** How the planner chooses the schedules to run. */
@API(status = EXPERIMENTAL, since = "0.1")
public sealed interface ScheduleStrategy permits ScheduleStrategy.Exhaustive, ScheduleStrategy.RandomPriorities {

    /** The preemption bound of {@link Exhaustive} by default: where CHESS found most bugs. */
    int DEFAULT_PREEMPTION_BOUND = 2;

    /**
     * Every schedule with at most {@code preemptionBound} preemptions; with {@code reduction}, one of each class of
     * schedules that differ only in the order of steps that touch nothing in common.
     *
     * @param preemptionBound at most this many preemptions per schedule, zero or more
     * @param reduction whether equivalent schedules are run once
     */
    record Exhaustive(int preemptionBound, boolean reduction) implements ScheduleStrategy {

        public Exhaustive {
            if (preemptionBound < 0) {
                throw new InvalidArgumentException(ScheduleMessages.negativeBound(preemptionBound));
            }
        }
    }

    /**
     * Schedules drawn by probabilistic concurrency testing (PCT): each instance gets a random priority, the highest
     * one that can go on goes, and at {@code depth - 1} random steps the running instance drops below all others.
     * The same seed draws the same schedules; equivalent ones are run once.
     *
     * @param seed where the draws start
     * @param depth the bug depth PCT aims at, at least one
     * @param budget how many schedules to draw, at least one
     */
    record RandomPriorities(long seed, int depth, int budget) implements ScheduleStrategy {

        public RandomPriorities {
            if (depth < 1 || budget < 1) {
                throw new InvalidArgumentException(ScheduleMessages.badSampling(depth, budget));
            }
        }
    }
}
