package dev.deliverykit.junit5.internal.planning;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.CrashMode;
import dev.deliverykit.boundary.BoundaryHit;
import dev.deliverykit.boundary.EquivalentCrashPoints;
import dev.deliverykit.boundary.Recording;
import dev.deliverykit.boundary.WatchList;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.internal.config.ConfigurationErrors;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * The recovery part of a {@link Sweep} ({@link CrashSweep#crashRecovery()}): what each crash case records of its
 * first recovery, and the cases that crash those recoveries, one per recorded recovery hit. The recoveries crash in
 * this JVM, whatever the sweep's mode.
 */
@API(status = INTERNAL, since = "0.1")
public final class SweepRecoveries {

    private final SweepDeclaration declaration;

    SweepRecoveries(SweepDeclaration declaration) {
        this.declaration = declaration;
    }

    /** Whether the sweep crashes the recovery after each crash case too. */
    public boolean enabled() {
        return declaration.recoveryCrashes().enabled();
    }

    /** What each crash case records of its first recovery (the recording's watch list); empty if none is crashed. */
    public Optional<WatchList> watch() {
        return enabled() ? Optional.of(declaration.recordWatch()) : Optional.empty();
    }

    /**
     * The cases that crash the recovery after {@code first}: one per hit of {@code recovery} that the sweep's kinds
     * and filters select, in the order the hits happened. Every recorded recovery hit becomes a case here and only
     * here.
     */
    List<KitCase.CrashPair> casesAfter(KitCase.CrashAtHit first, Recording recovery) {
        List<BoundaryHit> points = recovery.hits().stream()
                .filter(hit -> declaration.swept(hit.boundary()))
                .toList();
        // The recovery crashes in this JVM: its points are equivalent as for an in-process sweep.
        EquivalentCrashPoints classes = declaration
                .exhaustive()
                .map(why -> EquivalentCrashPoints.none(points, why))
                .orElseGet(() -> EquivalentCrashPoints.of(
                        recovery, hit -> declaration.swept(hit.boundary()), CrashMode.IN_PROCESS));
        Map<BoundaryHit, SweepPoints.Point> identities = new IdentityHashMap<>();
        SweepPoints.of(recovery.hits()).forEach(point -> identities.put(point.hit(), point));
        List<KitCase.CrashPair> pairs = new ArrayList<>();
        for (List<BoundaryHit> members : classes.classes()) {
            pairs.add(new KitCase.CrashPair(
                    first,
                    declaration
                            .crashAt(identities.get(members.get(0)), CrashMode.IN_PROCESS)
                            .standingFor(members.stream()
                                    .skip(1)
                                    .map(hit -> declaration
                                            .crashAt(identities.get(hit), CrashMode.IN_PROCESS)
                                            .point())
                                    .toList())));
        }
        return pairs;
    }

    /**
     * Every recovery crash case of the sweep, from what its crash cases recorded of their recoveries
     * ({@link #casesAfter(KitCase.CrashAtHit, Recording)}): those of the first crash case, then those of the
     * next.
     *
     * @throws ExtensionConfigurationException if there are more than the cap
     * @throws AssertionError if no crash case called {@code scenario.restart(...)}, or no recovery reached a
     *     boundary of the swept kinds: crashing recoveries would test nothing
     */
    public List<KitCase> all(List<RecordedRecovery> recoveries, int firstCrashes, int recoveriesStarted) {
        if (!declaration.recoveryCrashes().enabled()) {
            return List.of();
        }
        if (firstCrashes > 0 && recoveriesStarted == 0) {
            throw new AssertionError(
                    SweepMessages.noRecoveryToCrash(ConfigurationErrors.describe(declaration.method()), firstCrashes)
                            .lines());
        }
        List<KitCase> cases = new ArrayList<>();
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (RecordedRecovery recorded : recoveries) {
            List<KitCase.CrashPair> pairs = casesAfter(recorded.first(), recorded.recovery());
            cases.addAll(pairs);
            counts.put(recorded.first().displayName(), pairs.size());
        }
        if (cases.isEmpty() && !recoveries.isEmpty()) {
            throw new AssertionError(SweepMessages.recoveriesReachedNothing(
                            ConfigurationErrors.describe(declaration.method()),
                            recoveries.size(),
                            declaration.kindsText(),
                            recoveries.stream()
                                    .mapToInt(recorded ->
                                            recorded.recovery().hits().size())
                                    .sum())
                    .lines());
        }
        if (cases.size() > declaration.recoveryCrashes().cap()) {
            String perCrash = counts.entrySet().stream()
                    .filter(entry -> entry.getValue() > 0)
                    .sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
                    .limit(Sweep.COUNTS_SHOWN)
                    .map(entry -> "  " + entry.getValue() + " x " + entry.getKey())
                    .collect(Collectors.joining("\n"));
            throw new ExtensionConfigurationException(SweepMessages.tooManyRecoveryCases(
                            ConfigurationErrors.describe(declaration.method()),
                            recoveries.size(),
                            cases.size(),
                            declaration.recoveryCrashes().cap(),
                            declaration.recoveryCrashes().capSource(),
                            perCrash)
                    .lines());
        }
        return cases;
    }
}
