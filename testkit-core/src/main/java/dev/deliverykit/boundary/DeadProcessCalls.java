package dev.deliverykit.boundary;

import dev.deliverykit.internal.instrument.ProcessContext;
import java.util.function.Function;

/**
 * Routes the calls of processes that died in earlier runs: the run receiving the events refuses them as their own
 * death policy would (pool maintenance and clean-up go on), without counting them for itself.
 */
final class DeadProcessCalls {

    private DeadProcessCalls() {}

    /**
     * Whether the calling thread, in {@code context}, belongs to the dead process of a run before {@code current}:
     * then its call is refused here, by what {@code refusal} of that process's death says, and the caller is done
     * with it.
     */
    static boolean refusedAsEarlier(
            ActiveRun current, ProcessContext context, Function<ProcessDeath, Runnable> refusal) {
        if (context == null
                || !(context.process() instanceof ActiveRun earlier)
                || earlier == current
                || !earlier.crashed()) {
            return false;
        }
        refusal.apply(earlier.death()).run();
        return true;
    }
}
