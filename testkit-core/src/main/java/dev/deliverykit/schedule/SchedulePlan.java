package dev.deliverykit.schedule;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import org.apiguardian.api.API;

/**
 * The schedules to run, in the order to run them, and what the planner left out.
 *
 * @param schedules the schedules, each of a different class of equivalent orders
 * @param considered how many schedules the strategy produced (within the bound, or drawn)
 * @param equivalent how many of them were left out as equivalent to one kept
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record SchedulePlan(List<Schedule> schedules, int considered, int equivalent) {

    public SchedulePlan {
        schedules = List.copyOf(schedules);
    }
}
