package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One time a run reached a boundary.
 *
 * @param boundary the boundary
 * @param occurrence which hit of this boundary in the run, counted from 1
 * @param threadName the thread that reached it
 * @param stack where in the code under test the hit happened: the first frame of the user's code (not the JDK,
 *     JDBC, a pool, a framework, the kit, a seen-through package or a transaction helper; see
 *     {@link WatchList#seeingThrough}), such as {@code com.acme.Relay.relayOnce(Relay.java:42)}, then its
 *     callers, innermost first; taken for every hit of a recording and for the crash site, and empty for the
 *     other hits of a crash run (walking the stack at every statement and commit made armed runs several times
 *     slower than the rest of the engine together)
 * @param via the helpers the user's frame went through on the way to the boundary, in call order, such as
 *     {@code com.acme.db.Database.inTransaction(Database.java:80)}: methods taking a functional argument and the
 *     outermost frame of each run of seen-through code; empty when the user's frame reached it directly
 * @param place for a hit of a recording, the method its site is in, {@code com.acme.Relay#relayOnce} (a lambda's
 *     frame: the method it was written in); empty when no frame of the stack is the user's code (the site is then a
 *     helper's or a framework's), when the site is in no method (a constructor, a static initialiser), and for the
 *     hits of a crash run
 * @param places for a hit of a recording, every method on the stack of the workload, innermost first, each once:
 *     from the boundary (past the kit's frames) to the kit's frame that runs the workload, or to the first frame of
 *     the workload's thread; a selector {@linkplain Selector#within(Place) within} one of them matches this hit.
 *     Empty for the hits of a crash run, which are counted without their stack
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record BoundaryHit(
        Boundary boundary,
        int occurrence,
        String threadName,
        List<String> stack,
        List<String> via,
        Optional<Place> place,
        List<Place> places) {

    public BoundaryHit {
        Objects.requireNonNull(boundary, "boundary");
        Objects.requireNonNull(threadName, "threadName");
        stack = List.copyOf(stack);
        via = List.copyOf(via);
        Objects.requireNonNull(place, "place");
        places = List.copyOf(places);
    }

    /** A hit whose places are not known. */
    public BoundaryHit(Boundary boundary, int occurrence, String threadName, List<String> stack, List<String> via) {
        this(boundary, occurrence, threadName, stack, via, Optional.empty(), List.of());
    }

    /** A hit that went through no helper, whose places are not known. */
    public BoundaryHit(Boundary boundary, int occurrence, String threadName, List<String> stack) {
        this(boundary, occurrence, threadName, stack, List.of());
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
