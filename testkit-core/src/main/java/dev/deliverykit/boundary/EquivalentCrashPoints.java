package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.CrashMode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import org.apiguardian.api.API;

/**
 * The crash points of a recording, in classes of points at which a crash leaves the same world behind: the
 * same committed state in every database and the same watched calls made. A crash anywhere in a class is
 * followed by the same recovery on the same state, so one point per class, its first, tells what a crash in any
 * of them does.
 *
 * <p>Two points are equivalent when the recording saw no change between them: no commit, no statement that can
 * change a database by itself (outside a transaction, or data definition inside one), no watched method entered
 * or left, and nothing sent outside the JVM (a socket connect or write, a file write, an HTTP request:
 * {@link OutsideEffect}, seen in any code). A crash between two statements of one transaction and a crash before its
 * commit are equivalent; a crash before and after the commit are not, nor a crash before and after a message was
 * written to a broker's socket. With JDBC calls or sends on more than one thread the order of the changes is not
 * fixed, and every point is a class of its own; so is every point at which
 * writes were pending that the run ended without a commit or rollback the engine saw ({@code setAutoCommit(true)},
 * closing the connection), as the moment they ended is not known.
 *
 * <pre>{@code
 * Recording recording = engine.record(WatchList.of().withEveryStatement().withEveryTransactionEnd(), workload);
 * EquivalentCrashPoints classes = EquivalentCrashPoints.of(recording, hit -> true);
 * classes.representatives();   // the first point of each class: the crashes worth running
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class EquivalentCrashPoints {

    private final List<List<BoundaryHit>> classes;
    private final int points;
    private final Optional<String> notPruned;

    private EquivalentCrashPoints(List<List<BoundaryHit>> classes, int points, Optional<String> notPruned) {
        this.classes = classes.stream().map(List::copyOf).toList();
        this.points = points;
        this.notPruned = notPruned;
    }

    /**
     * The classes of the hits of {@code recording} that {@code isCrashPoint} accepts, in the order of the hits.
     */
    public static EquivalentCrashPoints of(Recording recording, Predicate<BoundaryHit> isCrashPoint) {
        return of(recording, isCrashPoint, CrashMode.CHILD_PROCESS);
    }

    /**
     * The classes for crashes in {@code mode}. In this JVM ({@link CrashMode#IN_PROCESS}) a crash is a
     * {@link SimulatedCrash} unwinding the workload, and code that catches it ({@code catch (Throwable)},
     * {@code finally}) goes on running, which the kit fails the case for; what catches it depends on the calls on
     * the stack, so there two points are equivalent only if they also have the same call path (the methods of the
     * hits' stacks and helpers, lines aside). A real process exit leaves no code running, so for
     * {@link CrashMode#CHILD_PROCESS} the committed state and watched calls decide alone.
     */
    public static EquivalentCrashPoints of(Recording recording, Predicate<BoundaryHit> isCrashPoint, CrashMode mode) {
        Objects.requireNonNull(recording, "recording");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(isCrashPoint, "isCrashPoint");
        List<BoundaryHit> hits = recording.hits();
        DurableChanges.Counts changes = recording.changes();
        Optional<String> notPruned = whyNotPruned(recording, changes);
        List<List<BoundaryHit>> classes = new ArrayList<>();
        int lastCount = -1;
        List<String> lastPath = List.of();
        boolean lastUncertain = true;
        int points = 0;
        for (int index = 0; index < hits.size(); index++) {
            BoundaryHit hit = hits.get(index);
            if (!isCrashPoint.test(hit)) {
                continue;
            }
            points++;
            boolean uncertain = notPruned.isPresent() || changes.uncertainHits().contains(index);
            int count = notPruned.isPresent() ? -1 : changes.beforeHits().get(index);
            List<String> path = mode == CrashMode.IN_PROCESS ? callPath(hit) : List.of();
            if (uncertain || lastUncertain || count != lastCount || !path.equals(lastPath)) {
                classes.add(new ArrayList<>());
            }
            classes.get(classes.size() - 1).add(hit);
            lastCount = count;
            lastPath = path;
            lastUncertain = uncertain;
        }
        return new EquivalentCrashPoints(classes, points, notPruned);
    }

    /** {@code [com.acme.Relay.publish, com.acme.Worker.run, com.acme.db.Database.inTransaction]}: frames without lines. */
    private static List<String> callPath(BoundaryHit hit) {
        List<String> path = new ArrayList<>();
        hit.stack().forEach(frame -> path.add(withoutLine(frame)));
        hit.via().forEach(frame -> path.add(withoutLine(frame)));
        return path;
    }

    private static String withoutLine(String frame) {
        int open = frame.indexOf('(');
        return open < 0 ? frame : frame.substring(0, open);
    }

    /**
     * Every crash point a class of its own, as when pruning is off ({@code why}, such as
     * {@code "exhaustive = true"}).
     */
    public static EquivalentCrashPoints none(List<BoundaryHit> points, String why) {
        Objects.requireNonNull(why, "why");
        return new EquivalentCrashPoints(points.stream().map(List::of).toList(), points.size(), Optional.of(why));
    }

    private static Optional<String> whyNotPruned(Recording recording, DurableChanges.Counts changes) {
        if (!changes.covers(recording.hits().size())) {
            return Optional.of("the recording did not count the changes between its hits");
        }
        Set<String> threads = new LinkedHashSet<>(changes.threads());
        recording.hits().forEach(hit -> threads.add(hit.threadName()));
        if (threads.size() > 1) {
            return Optional.of("the workload reached the databases, its boundaries or the world outside the JVM on "
                    + threads.size() + " threads (" + String.join(", ", threads)
                    + "), so the order of its changes is not fixed");
        }
        return Optional.empty();
    }

    /** The classes, in the order of their first points; each in the order of its points. */
    public List<List<BoundaryHit>> classes() {
        return classes;
    }

    /** The first point of each class: the crashes that tell what a crash at any point does. */
    public List<BoundaryHit> representatives() {
        return classes.stream().map(points -> points.get(0)).toList();
    }

    /** How many crash points there are in all. */
    public int points() {
        return points;
    }

    /** How many points a crash at another point of their class stands for. */
    public int pruned() {
        return points - classes.size();
    }

    /** Why every point is a class of its own, if it is for a reason rather than because nothing was equivalent. */
    public Optional<String> notPruned() {
        return notPruned;
    }

    /** {@code 21 crash points in 6 classes}, with the reason when nothing was pruned for one. */
    @Override
    public String toString() {
        return points + " crash points in " + classes.size() + " classes"
                + notPruned.map(why -> " (not pruned: " + why + ")").orElse("");
    }
}
