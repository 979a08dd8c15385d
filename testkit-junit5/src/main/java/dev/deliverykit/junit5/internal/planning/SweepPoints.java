package dev.deliverykit.junit5.internal.planning;

import dev.deliverykit.boundary.Boundary;
import dev.deliverykit.boundary.BoundaryHit;
import dev.deliverykit.boundary.Place;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The identity of each recorded hit as a crash point: where a sweep crashes for it and what its key says. A hit
 * of a commit or statement is named by its place, the method of its site ({@link BoundaryHit#place()}), and its
 * occurrence there: its index among the recorded hits of the same boundary that had that place on the stack. So
 * the key {@code selector=after-commit;within=com.acme.Relay#publish;hit=1} crashes at the same point when work
 * is added elsewhere in the run, and replaying it, the engine counting the same hits, crashes exactly there.
 *
 * <p>A catalogue boundary keeps its number among all its hits (its name is the team's own name for the point), and
 * so does a hit without a place (no frame of the stack is the user's code).
 */
final class SweepPoints {

    private SweepPoints() {}

    /**
     * One recorded hit as a crash point.
     *
     * @param hit the recorded hit
     * @param boundary the boundary to crash at: the hit's own, or its selector within the hit's place
     * @param occurrence which hit of {@code boundary} is this one, counted from 1
     */
    record Point(BoundaryHit hit, Boundary boundary, int occurrence) {}

    /** The crash point of every hit, in the order of the hits. */
    static List<Point> of(List<BoundaryHit> hits) {
        Map<Within, Integer> seen = new HashMap<>();
        List<Point> points = new ArrayList<>();
        for (BoundaryHit hit : hits) {
            for (Place place : hit.places()) {
                seen.merge(new Within(hit.boundary(), place), 1, Integer::sum);
            }
            Optional<Place> place = hit.place().filter(hit.places()::contains);
            points.add(
                    hit.boundary().isNamed() || place.isEmpty()
                            ? new Point(hit, hit.boundary(), hit.occurrence())
                            : new Point(
                                    hit,
                                    Boundary.of(hit.boundary().selector().within(place.get())),
                                    seen.get(new Within(hit.boundary(), place.get()))));
        }
        return points;
    }

    /** A boundary's hits within one place. */
    private record Within(Boundary boundary, Place place) {}
}
