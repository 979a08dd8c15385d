package dev.deliverykit.junit5.internal.planning;

import dev.deliverykit.boundary.BoundaryHit;
import dev.deliverykit.boundary.Place;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.internal.config.ConfigurationErrors;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** A sweep's {@link CrashSweep#within()}: the places it is narrowed to, checked, and which hits are under them. */
final class SweepPlaces {

    private static final int PLACES_SHOWN = 8;

    private SweepPlaces() {}

    /**
     * The places of {@code @CrashSweep(within = ...)}.
     *
     * @throws org.junit.jupiter.api.extension.ExtensionConfigurationException for text that is not a place, or the
     *     place of a class that is on the class path but declares no such method
     */
    static List<Place> of(Method method, String[] references) {
        List<Place> places = new ArrayList<>();
        for (String reference : references) {
            String element = "@CrashSweep(within = " + ConfigurationErrors.literal(reference) + ")";
            Place place;
            try {
                place = Place.of(reference);
            } catch (IllegalArgumentException notAPlace) {
                throw ConfigurationErrors.of(element, method, notAPlace, "write the place as Type#method");
            }
            Optional<String> problem = MethodSelectors.placeProblem(
                    place, method.getDeclaringClass().getClassLoader());
            if (problem.isPresent()) {
                throw ConfigurationErrors.of(element, method, problem.get(), "correct the class or method name");
            }
            places.add(place);
        }
        return List.copyOf(places);
    }

    /** Whether the hit was reached under one of the places, or the sweep is not narrowed. */
    static boolean contain(List<Place> within, BoundaryHit hit) {
        return within.isEmpty() || hit.places().stream().anyMatch(within::contains);
    }

    /** The failure of a sweep that recorded hits of its kinds, none of them under its places. */
    static AssertionError noneWithin(Method method, List<Place> within, String kinds, List<BoundaryHit> swept) {
        List<String> sites = swept.stream()
                .flatMap(hit -> hit.place().stream())
                .map(Place::reference)
                .distinct()
                .collect(Collectors.toList());
        String places = within.stream().map(Place::reference).collect(Collectors.joining(" or "));
        return new AssertionError(SweepMessages.noneWithin(
                        "@CrashSweep on " + ConfigurationErrors.describe(method),
                        kinds,
                        places,
                        swept.size(),
                        sites,
                        PLACES_SHOWN)
                .lines());
    }
}
