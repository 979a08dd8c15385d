package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.process.ChildResult;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * Every watched boundary hit of a crash-free run, in order: the list a crash sweep walks.
 *
 * <pre>{@code
 * Recording recording = engine.record(WatchList.of(catalogue).withEveryTransactionEnd(), workload);
 * recording.hits();        // [after-flow-update #1 on main at ..., after commit #1 on main at ...]
 * recording.crashPlans();  // one plan per hit, each crashing exactly there
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Recording {

    private final List<BoundaryHit> hits;
    private final ChildResult childResult;
    private final DurableChanges.Counts changes;

    Recording(List<BoundaryHit> hits, ChildResult childResult, DurableChanges.Counts changes) {
        this.hits = List.copyOf(hits);
        this.childResult = childResult;
        this.changes = changes;
    }

    /** What the run changed before each hit, for {@link EquivalentCrashPoints}. */
    DurableChanges.Counts changes() {
        return changes;
    }

    /** For a recording in a child JVM: its exit code and output, kept for diagnosis. */
    public Optional<ChildResult> childResult() {
        return Optional.ofNullable(childResult);
    }

    /**
     * What the run's process sent outside the JVM, each a change between crash points (see {@link OutsideEffect}):
     * {@code socket write to /127.0.0.1:9092 on thread kafka-producer-network-thread | producer-1 (3 times)}, in the
     * order first seen; empty if nothing left it.
     */
    public List<String> outsideEffects() {
        return changes.outsideEffects();
    }

    /** Every hit in the order it happened. */
    public List<BoundaryHit> hits() {
        return hits;
    }

    /** The hits of one boundary. */
    public List<BoundaryHit> hitsOf(String boundaryName) {
        return hits.stream()
                .filter(hit -> hit.boundary().name().equals(boundaryName))
                .collect(Collectors.toList());
    }

    /** Hits per boundary name, in the order the boundaries were first reached. */
    public Map<String, Integer> hitCounts() {
        return RunReport.counts(hits);
    }

    /** One plan per hit, in order: crash at each recorded occurrence. */
    public List<CrashPlan> crashPlans() {
        return hits.stream().map(BoundaryHit::crashPlan).collect(Collectors.toList());
    }

    /** One line per hit: {@code boundary=...;hit=N  thread  frame}. */
    public String render() {
        StringBuilder text = new StringBuilder();
        for (BoundaryHit hit : hits) {
            text.append(hit.replayKey()).append("  on ").append(hit.threadName());
            if (!hit.stack().isEmpty()) {
                text.append("  at ").append(hit.stack().get(0));
            }
            text.append('\n');
        }
        return text.toString();
    }

    @Override
    public String toString() {
        return "Recording of " + hits.size() + " hit(s)\n" + render();
    }
}
