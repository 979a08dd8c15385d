package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.schedule.Step;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * One point of an instance in a scheduled run: a call that reached one or more watched boundaries, where the
 * instance may be held while others go.
 *
 * @param index which point of the instance, counted from 1
 * @param hits the boundaries the call reached there
 * @param step what the instance did since its previous point: where it stops and what it touched
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record InstancePoint(int index, List<BoundaryHit> hits, Step step) {

    public InstancePoint {
        hits = List.copyOf(hits);
        Objects.requireNonNull(step, "step");
    }

    /** {@code after-commit #1 in ClaimingRelay.drain}: the point as a schedule's name says it. */
    public String describe() {
        return step.stopsAt();
    }

    /** The boundaries of {@code hits} with their occurrences, and the method of the first that is the user's. */
    static String describe(List<BoundaryHit> hits) {
        String boundaries = hits.stream()
                .map(hit -> hit.boundary().name() + " #" + hit.occurrence())
                .collect(Collectors.joining(" and "));
        return hits.stream()
                .flatMap(hit -> hit.place().stream())
                .findFirst()
                .map(place -> boundaries + " in " + simpleName(place.typeName()) + "." + place.methodName())
                .orElse(boundaries);
    }

    private static String simpleName(String typeName) {
        return typeName.substring(Math.max(typeName.lastIndexOf('.'), typeName.lastIndexOf('$')) + 1);
    }
}
