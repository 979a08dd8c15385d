package dev.deliverykit.junit5.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * A schedule sweep's counts, as its first recording's row in the report gives them.
 *
 * @param considered how many schedules the strategy produced (within the preemption bound, or drawn)
 * @param equivalent how many of them were left out as equivalent to one kept (the reduction)
 * @param run how many were run: the serial runs that record the instances (one starting with each, run though the
 *     reduction may find one equivalent to another) and the planned schedules besides them
 * @param recordings how many of those run were the serial recordings
 */
@API(status = INTERNAL, since = "0.1")
public record ScheduleCounts(int considered, int equivalent, int run, int recordings) {

    /** {@code 22 schedules considered: 4 left out as equivalent (reduction); 19 run, the 2 serial recordings included}. */
    String sentence() {
        return considered + " schedule" + (considered == 1 ? "" : "s") + " considered: " + equivalent
                + " left out as equivalent (reduction); " + run + " run, the " + recordings + " serial recording"
                + (recordings == 1 ? "" : "s") + " included";
    }
}
