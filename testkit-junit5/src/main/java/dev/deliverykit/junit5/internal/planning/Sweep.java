package dev.deliverykit.junit5.internal.planning;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.CrashMode;
import dev.deliverykit.Fault;
import dev.deliverykit.boundary.BoundaryHit;
import dev.deliverykit.boundary.EquivalentCrashPoints;
import dev.deliverykit.boundary.Recording;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.internal.config.ConfigurationErrors;
import dev.deliverykit.junit5.internal.config.KitSettings;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * A {@link CrashSweep} in one of its modes: its crash-free recording, and the crash cases the recording gives. The
 * declaration is shared by the modes; the sweep's {@link #replay()} and {@link #recoveries()} are parts of their
 * own.
 */
@API(status = INTERNAL, since = "0.1")
public final class Sweep {

    /** How many boundaries or crash cases a message about a cap lists. */
    static final int COUNTS_SHOWN = 12;

    private final SweepDeclaration declaration;
    private final CrashMode mode;
    private final boolean keysNameMode;

    private Sweep(SweepDeclaration declaration, CrashMode mode, boolean keysNameMode) {
        this.declaration = declaration;
        this.mode = mode;
        this.keysNameMode = keysNameMode;
    }

    /**
     * One sweep per mode of the declaration, in the order of its modes: each with its own recording and crash cases,
     * in that mode. With two modes, the replay keys name the mode.
     *
     * @throws ExtensionConfigurationException naming the element and the fix
     */
    public static List<Sweep> perMode(
            Method method, CrashSweep sweep, Optional<Catalogues> catalogues, KitSettings settings) {
        List<CrashMode> modes = settings.modes(sweep.mode());
        SweepDeclaration declaration = SweepDeclaration.of(method, sweep, catalogues, settings);
        return modes.stream()
                .map(mode -> new Sweep(declaration, mode, modes.size() > 1))
                .toList();
    }

    /** The mode of the recording and of every crash. */
    public CrashMode mode() {
        return mode;
    }

    /** The first invocation: a crash-free run recording every boundary of the swept kinds. */
    public KitCase.RecordBoundaries recordCase() {
        return new KitCase.RecordBoundaries(mode, declaration.recordWatch());
    }

    /** The cases a replay key names, and the keys this sweep could replay. */
    public SweepReplay replay() {
        return new SweepReplay(this, declaration);
    }

    /** The crashes of the recoveries after the crash cases, if the sweep crashes them. */
    public SweepRecoveries recoveries() {
        return new SweepRecoveries(declaration);
    }

    /**
     * One crash case per class of equivalent recorded hits of the swept kinds (per hit when exhaustive), in the
     * order the hits happened, with the sweep's counts.
     *
     * @throws ExtensionConfigurationException if there are more than the cap
     * @throws AssertionError if there are none: the sweep would test nothing
     */
    public SweepCases cases(Recording recording) {
        Map<BoundaryHit, SweepPoints.Point> identities = new IdentityHashMap<>();
        SweepPoints.of(recording.hits()).forEach(point -> identities.put(point.hit(), point));
        Predicate<BoundaryHit> isCrashPoint =
                hit -> declaration.swept(hit.boundary()) && SweepPlaces.contain(declaration.within(), hit);
        List<BoundaryHit> points =
                recording.hits().stream().filter(isCrashPoint).toList();
        if (points.isEmpty() && !declaration.within().isEmpty()) {
            throw SweepPlaces.noneWithin(
                    declaration.method(),
                    declaration.within(),
                    declaration.kindsText(),
                    recording.hits().stream()
                            .filter(hit -> declaration.swept(hit.boundary()))
                            .toList());
        }
        if (points.isEmpty()) {
            throw new AssertionError(SweepMessages.nothingToCrash(
                            ConfigurationErrors.describe(declaration.method()),
                            declaration.kindsText(),
                            recording.hits().size())
                    .lines());
        }
        EquivalentCrashPoints classes = declaration
                .exhaustive()
                .map(why -> EquivalentCrashPoints.none(points, why))
                .orElseGet(() -> EquivalentCrashPoints.of(recording, isCrashPoint, mode));
        List<KitCase> cases = new ArrayList<>();
        if (declaration.faults().contains(Fault.CRASH)) {
            for (List<BoundaryHit> members : classes.classes()) {
                KitCase.CrashAtHit first = crashAt(identities.get(members.get(0)));
                cases.add(first.standingFor(members.stream()
                        .skip(1)
                        .map(hit -> crashAt(identities.get(hit)).point())
                        .toList()));
            }
        }
        if (declaration.faults().contains(Fault.FAILURE)) {
            // Not pruned: the process lives on, and what it does next depends on which call failed.
            points.forEach(hit -> cases.add(crashAt(identities.get(hit)).failing()));
        }
        if (cases.size() > declaration.maxCases()) {
            boolean crashes = declaration.faults().contains(Fault.CRASH);
            int failures = declaration.faults().contains(Fault.FAILURE) ? points.size() : 0;
            Map<String, Integer> counts = new LinkedHashMap<>();
            (crashes ? classes.representatives() : points)
                    .forEach(hit -> counts.merge(hit.boundary().name(), 1, Integer::sum));
            String perBoundary = counts.entrySet().stream()
                    .sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
                    .limit(COUNTS_SHOWN)
                    .map(entry -> "  " + entry.getValue() + " x " + entry.getKey())
                    .collect(Collectors.joining("\n"));
            boolean pruned = crashes && classes.pruned() > 0;
            int crashCases = cases.size() - failures;
            throw new ExtensionConfigurationException(SweepMessages.tooManyCases(
                            ConfigurationErrors.describe(declaration.method()),
                            classes.points(),
                            pruned,
                            crashCases,
                            failures,
                            declaration.maxCases(),
                            declaration.maxCasesSource(),
                            perBoundary)
                    .lines());
        }
        return new SweepCases(cases, classes, mode, recording.outsideEffects());
    }

    /** The case at a recorded point, keyed by its place and its occurrence there. */
    private KitCase.CrashAtHit crashAt(SweepPoints.Point point) {
        return keyed(declaration.crashAt(point, mode));
    }

    /** The case with the mode in its replay key when the sweep runs in two modes. */
    KitCase.CrashAtHit keyed(KitCase.CrashAtHit crash) {
        return keysNameMode ? crash.withModeInReplayKey() : crash;
    }
}
