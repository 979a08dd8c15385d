package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One time a run reached a boundary.
 *
 * @param boundary the boundary
 * @param occurrence which hit of this boundary in the run, counted from 1
 * @param threadName the thread that reached it
 * @param stack the first few frames outside JDBC, driver, JDK and kit code, innermost first, such as
 *     {@code com.acme.Relay.relayOnce(Relay.java:42)}; taken for every hit of a recording and for the crash
 *     site, and empty for the other hits of a crash run (walking the stack at every statement and commit
 *     made armed runs several times slower than the rest of the engine together)
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record BoundaryHit(Boundary boundary, int occurrence, String threadName, List<String> stack) {

    public BoundaryHit {
        Objects.requireNonNull(boundary, "boundary");
        Objects.requireNonNull(threadName, "threadName");
        stack = List.copyOf(stack);
    }

    /** The plan that crashes exactly here (in a run that behaves the same). */
    public CrashPlan crashPlan() {
        return CrashPlan.at(boundary).occurrence(occurrence);
    }

    /** {@code boundary=after-outbox-insert;hit=1}. */
    public String replayKey() {
        return crashPlan().replayKey();
    }

    /** {@code after-outbox-insert #1 on main at com.acme.Relay.relayOnce(Relay.java:42)}. */
    @Override
    public String toString() {
        return boundary.name() + " #" + occurrence + " on " + threadName
                + (stack.isEmpty() ? "" : " at " + stack.get(0));
    }
}
