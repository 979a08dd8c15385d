package dev.deliverykit.junit5.internal.planning;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.CrashMode;
import dev.deliverykit.Fault;
import dev.deliverykit.ReplayKey;
import dev.deliverykit.boundary.Boundary;
import dev.deliverykit.boundary.CrashPlan;
import dev.deliverykit.boundary.Selector;
import dev.deliverykit.junit5.SweepKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The replay part of a {@link Sweep}: the case a {@code deliverykit.replay} key names, made without a recording, and
 * the keys the sweep could replay, for a message about one it cannot.
 */
@API(status = INTERNAL, since = "0.1")
public final class SweepReplay {

    private final Sweep sweep;
    private final SweepDeclaration declaration;

    SweepReplay(Sweep sweep, SweepDeclaration declaration) {
        this.sweep = sweep;
        this.declaration = declaration;
    }

    /** The case a replay key names, if this sweep could have produced it. */
    public Optional<KitCase.EngineCase> caseFor(ReplayKey key) {
        if (key instanceof ReplayKey.CrashFree) {
            return Optional.of(sweep.recordCase());
        }
        if (key instanceof ReplayKey.Pair pair) {
            if (!declaration.recoveryCrashes().enabled()
                    || pair.mode().filter(wanted -> wanted != sweep.mode()).isPresent()) {
                return Optional.empty();
            }
            return crashAt(pair.first(), sweep.mode())
                    .map(sweep::keyed)
                    .flatMap(first -> crashAt(pair.recovery(), CrashMode.IN_PROCESS)
                            .map(recovery -> new KitCase.CrashPair(first, recovery)));
        }
        if (!(key instanceof ReplayKey.Crash crash)
                || crash.mode().filter(wanted -> wanted != sweep.mode()).isPresent()) {
            return Optional.empty();
        }
        if (!declaration.faults().contains(crash.fault())) {
            return Optional.empty();
        }
        return crashAt(crash, sweep.mode())
                .map(found -> crash.fault() == Fault.FAILURE ? found.failing() : found)
                .map(sweep::keyed);
    }

    /** The crash a key names, in {@code crashMode}, if this sweep crashes there. */
    private Optional<KitCase.CrashAtHit> crashAt(ReplayKey.Crash crash, CrashMode crashMode) {
        if (crash.target() == ReplayKey.Target.BOUNDARY) {
            return declaration.catalogueBoundaries().stream()
                    .filter(boundary -> boundary.name().equals(crash.point()))
                    .findFirst()
                    .map(boundary -> KitCase.CrashAtHit.of(
                            boundary, crash.occurrence(), crashMode, declaration.catalogueWatch(), Optional.empty()));
        }
        Selector selector;
        try {
            selector = CrashPlan.selectorOf(crash);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        Boundary boundary = Boundary.of(selector);
        return declaration.swept(boundary)
                ? Optional.of(KitCase.CrashAtHit.of(
                        boundary, crash.occurrence(), crashMode, declaration.plainWatch(), Optional.empty()))
                : Optional.empty();
    }

    /**
     * Keys this sweep could replay, for a message about a key it cannot: its crash-free run, and its catalogue
     * boundaries and commits at the requested hit (its hits are known only after a recording).
     */
    public List<String> candidates(ReplayKey requested) {
        int hit = requested instanceof ReplayKey.Crash crash ? crash.occurrence() : 1;
        List<String> keys = new ArrayList<>();
        keys.add(ReplayKey.crashFree().text());
        declaration
                .catalogueBoundaries()
                .forEach(boundary ->
                        keys.add(ReplayKey.boundary(boundary.name(), hit).text()));
        if (declaration.kinds().contains(SweepKind.COMMITS)) {
            keys.add(ReplayKey.selector("before-commit", hit).text());
            keys.add(ReplayKey.selector("after-commit", hit).text());
        }
        return keys;
    }
}
