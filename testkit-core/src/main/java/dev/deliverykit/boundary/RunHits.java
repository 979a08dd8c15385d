package dev.deliverykit.boundary;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The hits of one run in the order they happened, and which one is the crash site. The stack is walked only for
 * hits that show it: every hit of a run whose ledger {@linkplain RunLedger#showsEveryStack() shows every stack}
 * (sweeps name their cases by it) and the crash site; a crash run's other hits are counted without it, as the walk
 * costs more than the rest of the engine at every statement and commit. Guarded by the run's lock.
 */
final class RunHits {

    private static final StackSummary.Site NO_SITE = new StackSummary.Site(List.of(), List.of(), false);

    /** The boundary the run crashes or fails at, or {@code null} for a recording. */
    private final WatchedBoundary armed;
    /** Which hit of {@link #armed} is the crash site. */
    private final int occurrence;

    private final List<String> seeThrough;
    private final RunLedger ledger;
    private final List<BoundaryHit> hits = new ArrayList<>();
    private int crashIndex = -1;

    RunHits(WatchedBoundary armed, int occurrence, List<String> seeThrough, RunLedger ledger) {
        this.armed = armed;
        this.occurrence = occurrence;
        this.seeThrough = seeThrough;
        this.ledger = ledger;
    }

    /**
     * Counts the matches of a call ({@code jdbc}: a JDBC call) and records those that are hits; returns the hit that
     * is the crash site, or {@code null}.
     */
    BoundaryHit record(WatchedBoundary[] matched, boolean jdbc) {
        StackSummary.Site stack = null;
        List<Place> places = List.of();
        BoundaryHit site = null;
        for (WatchedBoundary candidate : matched) {
            if (!candidate.countMatch()) {
                continue;
            }
            boolean crashesHere = candidate == armed && candidate.hits() == occurrence;
            StackSummary.Site shown = NO_SITE;
            if (ledger.showsEveryStack() || crashesHere) {
                if (stack == null) {
                    stack = StackSummary.here(jdbc, seeThrough);
                    places = ledger.showsEveryStack() ? StackSummary.places() : List.of();
                }
                shown = stack;
            }
            BoundaryHit hit = new BoundaryHit(
                    candidate.boundary,
                    candidate.hits(),
                    Thread.currentThread().getName(),
                    shown.stack(),
                    shown.via(),
                    shown.atUserCode()
                            ? Place.ofFrame(shown.stack().get(0)).filter(places::contains)
                            : Optional.empty(),
                    places);
            hits.add(hit);
            ledger.hit();
            if (crashesHere) {
                site = hit;
                crashIndex = hits.size() - 1;
            }
        }
        return site;
    }

    /** The hits so far. */
    List<BoundaryHit> hits() {
        return hits;
    }

    /** The index of the crash site among {@link #hits()}, or -1. */
    int crashIndex() {
        return crashIndex;
    }
}
