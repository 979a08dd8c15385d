package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.internal.instrument.EngineControls;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The kit's own calls made on a thread of the process under test, for the kit's other modules (testkit-spring's
 * wait reads Spring Modulith's registry inside the workload). Such a call is no part of what a case crashes: a
 * recording does not see it and no crash falls on it, so the cases of a sweep do not depend on how often a wait
 * polled. Not for users: a user's own calls are what the kit crashes.
 */
@API(status = INTERNAL, since = "0.1")
public final class KitCalls {

    private KitCalls() {}

    /**
     * Runs {@code work} unobserved: none of its JDBC calls or calls that leave the JVM is a boundary hit, a recorded
     * change or a crash point. If the calling thread's process has died, it is refused first with the crash
     * throwable the process's own calls get ({@code operation} names it in what the dead process tried), so that a
     * wait inside the process ends with it.
     */
    public static void unobserved(String operation, Runnable work) {
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(work, "work");
        EngineControls.unobservedInProcess(operation, work);
    }
}
