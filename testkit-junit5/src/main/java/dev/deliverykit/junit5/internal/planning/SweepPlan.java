package dev.deliverykit.junit5.internal.planning;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.CrashMode;
import dev.deliverykit.Fault;
import dev.deliverykit.ReplayKey;
import dev.deliverykit.boundary.Boundary;
import dev.deliverykit.boundary.BoundaryHit;
import dev.deliverykit.boundary.CrashPlan;
import dev.deliverykit.boundary.EquivalentCrashPoints;
import dev.deliverykit.boundary.Place;
import dev.deliverykit.boundary.Recording;
import dev.deliverykit.boundary.Selector;
import dev.deliverykit.boundary.WatchList;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.DeliveryKitConfiguration;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.junit5.internal.config.ConfigurationErrors;
import dev.deliverykit.junit5.internal.config.KitSettings;
import dev.deliverykit.junit5.internal.execution.SweepState;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Collectors;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * A checked {@link CrashSweep}: what its crash-free run records, and which recorded hits become crash cases.
 */
@API(status = INTERNAL, since = "0.1")
public final class SweepPlan {

    private static final Pattern TRANSACTION_END =
            Pattern.compile("(COMMIT|END|ROLLBACK)( TRANSACTION| WORK)?", Pattern.CASE_INSENSITIVE);
    private static final String STATEMENT_BEFORE = "before-statement=";
    private static final String STATEMENT_AFTER = "after-statement=";
    private static final int COUNTS_SHOWN = 12;

    private final Method method;
    private final Set<SweepKind> kinds;
    private final List<Boundary> catalogueBoundaries;
    private final WatchList catalogueWatch;
    private final WatchList plainWatch;
    private final List<Pattern> sql;
    private final List<Place> within;
    private final int maxCases;
    private final String maxCasesSource;
    private final CrashMode mode;
    private final boolean keysNameMode;
    /** Every catalogue boundary, swept or not: a recording watches them, as they may change the outside world. */
    private final List<Boundary> observed;
    /** Why every point is crashed, equivalent or not; empty: one crash per class of equivalent points. */
    private final Optional<String> exhaustive;

    private final RecoveryCrashes recoveryCrashes;
    /** What each case does at its point: crash (pruned by classes), inject a failure (every point), or both. */
    private final Set<Fault> faults;

    private SweepPlan(
            Method method,
            Set<SweepKind> kinds,
            List<Boundary> catalogueBoundaries,
            WatchList catalogueWatch,
            WatchList plainWatch,
            List<Pattern> sql,
            List<Place> within,
            int maxCases,
            String maxCasesSource,
            CrashMode mode,
            boolean keysNameMode,
            List<Boundary> observed,
            Optional<String> exhaustive,
            RecoveryCrashes recoveryCrashes,
            Set<Fault> faults) {
        this.method = method;
        this.kinds = kinds;
        this.catalogueBoundaries = catalogueBoundaries;
        this.catalogueWatch = catalogueWatch;
        this.plainWatch = plainWatch;
        this.sql = sql;
        this.within = within;
        this.maxCases = maxCases;
        this.maxCasesSource = maxCasesSource;
        this.mode = mode;
        this.keysNameMode = keysNameMode;
        this.observed = observed;
        this.exhaustive = exhaustive;
        this.recoveryCrashes = recoveryCrashes;
        this.faults = faults;
    }

    /**
     * Whether the sweep crashes recoveries too, and its cap on those cases.
     *
     * @param enabled {@code crashRecovery = true} or {@value DeliveryKitConfiguration#SWEEP_CRASH_RECOVERY}
     * @param cap at most this many recovery crash cases
     * @param capSource where the cap comes from, for the message that refuses more
     */
    private record RecoveryCrashes(boolean enabled, int cap, String capSource) {}

    /**
     * One plan per mode of the sweep, in the order of its modes: each with its own recording and crash cases, in
     * that mode. With two modes, the replay keys name the mode.
     *
     * @throws ExtensionConfigurationException naming the element and the fix
     */
    public static List<SweepPlan> perMode(
            Method method, CrashSweep sweep, Optional<Catalogues> catalogues, KitSettings settings) {
        List<CrashMode> modes = settings.modes(sweep.mode());
        SweepPlan checked = of(method, sweep, catalogues, settings, modes.get(0), modes.size() > 1);
        return modes.stream().map(checked::inMode).toList();
    }

    private SweepPlan inMode(CrashMode other) {
        return new SweepPlan(
                method,
                kinds,
                catalogueBoundaries,
                catalogueWatch,
                plainWatch,
                sql,
                within,
                maxCases,
                maxCasesSource,
                other,
                keysNameMode,
                observed,
                exhaustive,
                recoveryCrashes,
                faults);
    }

    private static SweepPlan of(
            Method method,
            CrashSweep sweep,
            Optional<Catalogues> catalogues,
            KitSettings settings,
            CrashMode mode,
            boolean keysNameMode) {
        if (sweep.kinds().length == 0) {
            throw ConfigurationErrors.of(
                    "@CrashSweep(kinds = {})",
                    method,
                    "no kind of boundary to sweep",
                    "leave kinds out (every commit, statement and catalogue boundary) or name some, for example"
                            + " kinds = SweepKind.COMMITS");
        }
        Set<SweepKind> kinds = EnumSet.copyOf(Arrays.asList(sweep.kinds()));
        if (sweep.faults().length == 0) {
            throw ConfigurationErrors.of(
                    "@CrashSweep(faults = {})",
                    method,
                    "no fault to inject at the recorded points",
                    "leave faults out (a crash at each point) or name some, for example"
                            + " faults = {Fault.CRASH, Fault.FAILURE}");
        }
        Set<Fault> faults = EnumSet.copyOf(Arrays.asList(sweep.faults()));
        if (kinds.equals(EnumSet.of(SweepKind.CATALOGUE)) && catalogues.isEmpty()) {
            throw ConfigurationErrors.of(
                    "@CrashSweep(kinds = SweepKind.CATALOGUE)",
                    method,
                    "there is no catalogue to" + " sweep: no @BoundaryCatalogueSource is on the method or its class",
                    "add" + " @BoundaryCatalogueSource(YourBoundaries.class), or sweep COMMITS or STATEMENTS");
        }
        List<Boundary> boundaries = new ArrayList<>();
        if (sweep.boundaries().length > 0) {
            String element = "@CrashSweep(boundaries = " + ConfigurationErrors.literal(sweep.boundaries()) + ")";
            if (!kinds.contains(SweepKind.CATALOGUE)) {
                throw ConfigurationErrors.of(
                        element,
                        method,
                        "boundaries filters catalogue boundaries, but kinds" + " does not include SweepKind.CATALOGUE",
                        "add SweepKind.CATALOGUE to kinds, or drop boundaries");
            }
            if (catalogues.isEmpty()) {
                throw Catalogues.missing(
                        element, method, "annotate the test class with @BoundaryCatalogueSource(YourBoundaries.class)");
            }
            for (String name : sweep.boundaries()) {
                boundaries.add(catalogues.get().requireBoundary(name, element, method));
            }
        } else if (kinds.contains(SweepKind.CATALOGUE) && catalogues.isPresent()) {
            boundaries.addAll(catalogues.get().boundaries());
        }
        List<Pattern> patterns = new ArrayList<>();
        for (String regex : sweep.sql()) {
            String element = "@CrashSweep(sql = " + ConfigurationErrors.literal(regex) + ")";
            if (!kinds.contains(SweepKind.STATEMENTS)) {
                throw ConfigurationErrors.of(
                        element,
                        method,
                        "sql filters statements, but kinds does not include" + " SweepKind.STATEMENTS",
                        "add SweepKind.STATEMENTS to kinds, or drop sql");
            }
            try {
                patterns.add(Pattern.compile(regex, Pattern.CASE_INSENSITIVE));
            } catch (PatternSyntaxException e) {
                throw ConfigurationErrors.of(
                        element,
                        method,
                        "not a regular expression: " + e.getDescription(),
                        "correct it, or quote literal text with \\Q...\\E");
            }
        }
        List<Place> places = SweepPlaces.of(method, sweep.within());
        if (sweep.maxCases() == 0 || sweep.maxCases() < -1) {
            throw ConfigurationErrors.of(
                    "@CrashSweep(maxCases = " + sweep.maxCases() + ")",
                    method,
                    "the cap must be positive",
                    "give a positive cap, or -1 for deliverykit.sweep.max-cases");
        }
        if (sweep.maxRecoveryCases() == 0 || sweep.maxRecoveryCases() < -1) {
            throw ConfigurationErrors.of(
                    "@CrashSweep(maxRecoveryCases = " + sweep.maxRecoveryCases() + ")",
                    method,
                    "the cap must be positive",
                    "give a positive cap, or -1 for " + DeliveryKitConfiguration.SWEEP_MAX_RECOVERY_CASES);
        }
        RecoveryCrashes recoveryCrashes = new RecoveryCrashes(
                sweep.crashRecovery() || settings.sweepCrashRecovery(),
                sweep.maxRecoveryCases() == -1 ? settings.sweepMaxRecoveryCases() : sweep.maxRecoveryCases(),
                sweep.maxRecoveryCases() == -1
                        ? DeliveryKitConfiguration.SWEEP_MAX_RECOVERY_CASES + " = " + settings.sweepMaxRecoveryCases()
                        : "@CrashSweep(maxRecoveryCases = " + sweep.maxRecoveryCases() + ")");
        if (sweep.crashRecovery() && !faults.contains(Fault.CRASH)) {
            throw ConfigurationErrors.of(
                    "@CrashSweep(crashRecovery = true)",
                    method,
                    "it crashes the recovery after each crash case, but faults = Fault.FAILURE makes no crash case",
                    "add Fault.CRASH to faults, or drop crashRecovery");
        }
        if (recoveryCrashes.enabled() && settings.shard().isPresent()) {
            throw ConfigurationErrors.of(
                    sweep.crashRecovery()
                            ? "@CrashSweep(crashRecovery = true)"
                            : DeliveryKitConfiguration.SWEEP_CRASH_RECOVERY + " = true",
                    method,
                    "the run is sharded (" + DeliveryKitConfiguration.SHARD + "="
                            + settings.shard().get().text()
                            + "), and a sweep that crashes its recoveries cannot be: its recovery crash cases come from"
                            + " the recoveries of all its crash cases, which no single shard runs",
                    "run this test unsharded (in a job of its own, or with -D" + DeliveryKitConfiguration.SHARD
                            + "= for it), or shard it without crashing its recoveries");
        }
        int cap = sweep.maxCases() == -1 ? settings.sweepMaxCases() : sweep.maxCases();
        String capSource =
                sweep.maxCases() == -1 ? "deliverykit.sweep.max-cases = " + cap : "@CrashSweep(maxCases = " + cap + ")";
        WatchList plainWatch = settings.seeingThrough(WatchList.of(), sweep.seeThrough(), "@CrashSweep", method);
        WatchList catalogueWatch = catalogues
                .map(Catalogues::watchList)
                .map(watch -> watch.seeingThrough(plainWatch.seeThrough().toArray(new String[0])))
                .orElse(plainWatch);
        return new SweepPlan(
                method,
                kinds,
                List.copyOf(boundaries),
                catalogueWatch,
                plainWatch,
                List.copyOf(patterns),
                places,
                cap,
                capSource,
                mode,
                keysNameMode,
                catalogues.map(Catalogues::boundaries).orElse(List.of()),
                sweep.exhaustive()
                        ? Optional.of("@CrashSweep(exhaustive = true)")
                        : settings.sweepExhaustive()
                                ? Optional.of(DeliveryKitConfiguration.SWEEP_EXHAUSTIVE + " = true")
                                : Optional.empty(),
                recoveryCrashes,
                faults);
    }

    /** The mode of the recording and of every crash. */
    public CrashMode mode() {
        return mode;
    }

    /** The first invocation: a crash-free run recording every boundary of the swept kinds. */
    public CrashCase.RecordBoundaries recordCase() {
        WatchList watch = plainWatch.and(catalogueBoundaries.toArray(new Boundary[0]));
        if (exhaustive.isEmpty()) {
            watch = watch.and(observed.toArray(new Boundary[0]));
        }
        if (kinds.contains(SweepKind.STATEMENTS)) {
            watch = watch.withEveryStatement();
        }
        if (kinds.contains(SweepKind.COMMITS)) {
            watch = watch.withEveryTransactionEnd();
        }
        if (kinds.contains(SweepKind.OUTSIDE_EFFECTS)) {
            watch = watch.withEveryOutsideEffect();
        }
        return new CrashCase.RecordBoundaries(mode, watch);
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
        Predicate<BoundaryHit> isCrashPoint = hit -> swept(hit.boundary()) && SweepPlaces.contain(within, hit);
        List<BoundaryHit> points =
                recording.hits().stream().filter(isCrashPoint).toList();
        if (points.isEmpty() && !within.isEmpty()) {
            throw SweepPlaces.noneWithin(
                    method,
                    within,
                    kindsText(),
                    recording.hits().stream()
                            .filter(hit -> swept(hit.boundary()))
                            .toList());
        }
        if (points.isEmpty()) {
            throw new AssertionError(
                    "@CrashSweep on " + ConfigurationErrors.describe(method) + ": the crash-free run reached no"
                            + " boundary of the swept kinds (" + kindsText()
                            + "), so there is nothing to crash at and the sweep"
                            + " would test nothing. It recorded "
                            + recording.hits().size() + " hit(s) in all.\nFix: make the"
                            + " workload inside scenario.run(...) reach a commit or statement, or widen kinds, sql or boundaries.");
        }
        EquivalentCrashPoints classes = exhaustive
                .map(why -> EquivalentCrashPoints.none(points, why))
                .orElseGet(() -> EquivalentCrashPoints.of(recording, isCrashPoint, mode));
        List<CrashCase> cases = new ArrayList<>();
        if (faults.contains(Fault.CRASH)) {
            for (List<BoundaryHit> members : classes.classes()) {
                CrashCase.CrashAtHit first = crashAt(identities.get(members.get(0)));
                cases.add(first.standingFor(members.stream()
                        .skip(1)
                        .map(hit -> crashAt(identities.get(hit)).point())
                        .toList()));
            }
        }
        if (faults.contains(Fault.FAILURE)) {
            // Not pruned: the process lives on, and what it does next depends on which call failed.
            points.forEach(hit -> cases.add(crashAt(identities.get(hit)).failing()));
        }
        if (cases.size() > maxCases) {
            boolean crashes = faults.contains(Fault.CRASH);
            int failures = faults.contains(Fault.FAILURE) ? points.size() : 0;
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
            throw new ExtensionConfigurationException("@CrashSweep on " + ConfigurationErrors.describe(method)
                    + ": the crash-free run reached " + classes.points() + " boundary hits to crash at"
                    + (pruned
                            ? ", in " + crashCases + " classes of equivalent points: " + crashCases + " crash cases"
                            : "")
                    + (failures > 0 ? ", and " + failures + " failure cases (one per hit, faults = FAILURE)" : "")
                    + ", more than the cap of " + maxCases + " (" + maxCasesSource + "); no crash case was run.\n"
                    + (pruned ? "Crash cases" : "Hits") + " per boundary (most first):\n" + perBoundary
                    + "\nFix: narrow the sweep (kinds = SweepKind.COMMITS, sql = \"^(INSERT|UPDATE)\", boundaries = ...),"
                    + " shorten the workload, or raise @CrashSweep(maxCases = ...) or deliverykit.sweep.max-cases.");
        }
        return new SweepCases(cases, classes, mode, recording.outsideEffects());
    }

    /** The case at a recorded point, keyed by its place and its occurrence there. */
    private CrashCase.CrashAtHit crashAt(SweepPoints.Point point) {
        BoundaryHit hit = point.hit();
        return keyed(CrashCase.CrashAtHit.of(
                point.boundary(),
                point.occurrence(),
                mode,
                hit.boundary().isNamed() ? catalogueWatch : plainWatch,
                CrashSites.name(hit)));
    }

    /** Whether the sweep crashes the recovery after each crash case too ({@link CrashSweep#crashRecovery()}). */
    public boolean crashesRecovery() {
        return recoveryCrashes.enabled();
    }

    /** What each crash case records of its first recovery (the recording's watch list); empty if none is crashed. */
    public Optional<WatchList> recoveryWatch() {
        return recoveryCrashes.enabled() ? Optional.of(recordCase().watch()) : Optional.empty();
    }

    /**
     * The cases that crash the recovery after {@code first}: one per hit of {@code recovery} that the sweep's kinds
     * and filters select, in the order the hits happened. Every recorded recovery hit becomes a case here and only
     * here.
     */
    List<CrashCase.CrashPair> recoveryCases(CrashCase.CrashAtHit first, Recording recovery) {
        List<BoundaryHit> points =
                recovery.hits().stream().filter(hit -> swept(hit.boundary())).toList();
        // The recovery crashes in this JVM: its points are equivalent as for an in-process sweep.
        EquivalentCrashPoints classes = exhaustive
                .map(why -> EquivalentCrashPoints.none(points, why))
                .orElseGet(
                        () -> EquivalentCrashPoints.of(recovery, hit -> swept(hit.boundary()), CrashMode.IN_PROCESS));
        Map<BoundaryHit, SweepPoints.Point> identities = new IdentityHashMap<>();
        SweepPoints.of(recovery.hits()).forEach(point -> identities.put(point.hit(), point));
        List<CrashCase.CrashPair> pairs = new ArrayList<>();
        for (List<BoundaryHit> members : classes.classes()) {
            pairs.add(new CrashCase.CrashPair(
                    first,
                    recoveryCrash(identities.get(members.get(0)))
                            .standingFor(members.stream()
                                    .skip(1)
                                    .map(hit ->
                                            recoveryCrash(identities.get(hit)).point())
                                    .toList())));
        }
        return pairs;
    }

    /** The recovery's crash at a recorded point, keyed by its place as a sweep's case is. */
    private CrashCase.CrashAtHit recoveryCrash(SweepPoints.Point point) {
        BoundaryHit hit = point.hit();
        return CrashCase.CrashAtHit.of(
                point.boundary(),
                point.occurrence(),
                CrashMode.IN_PROCESS,
                hit.boundary().isNamed() ? catalogueWatch : plainWatch,
                CrashSites.name(hit));
    }

    /**
     * Every recovery crash case of the sweep, from what its crash cases recorded of their recoveries
     * ({@link #recoveryCases(CrashCase.CrashAtHit, Recording)}): those of the first crash case, then those of the
     * next.
     *
     * @throws ExtensionConfigurationException if there are more than the cap
     * @throws AssertionError if no crash case called {@code scenario.restart(...)}, or no recovery reached a
     *     boundary of the swept kinds: crashing recoveries would test nothing
     */
    public List<CrashCase> allRecoveryCases(SweepState state) {
        if (!recoveryCrashes.enabled()) {
            return List.of();
        }
        List<SweepState.RecordedRecovery> recoveries = state.recoveries();
        if (state.firstCrashes() > 0 && state.recoveriesStarted() == 0) {
            throw new AssertionError("@CrashSweep on " + ConfigurationErrors.describe(method) + " crashes recoveries,"
                    + " but none of its " + state.firstCrashes() + " crash cases called scenario.restart(...), so there"
                    + " is no recovery to crash and crashRecovery would test nothing.\nFix: recover with"
                    + " scenario.restart(() -> ...) after scenario.run(...), or drop crashRecovery.");
        }
        List<CrashCase> cases = new ArrayList<>();
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (SweepState.RecordedRecovery recorded : recoveries) {
            List<CrashCase.CrashPair> pairs = recoveryCases(recorded.first(), recorded.recovery());
            cases.addAll(pairs);
            counts.put(recorded.first().displayName(), pairs.size());
        }
        if (cases.isEmpty() && !recoveries.isEmpty()) {
            throw new AssertionError("@CrashSweep on " + ConfigurationErrors.describe(method) + ": the recoveries of"
                    + " its " + recoveries.size() + " crash cases reached no boundary of the swept kinds ("
                    + kindsText()
                    + "), so there is nothing to crash at in them and crashRecovery would test nothing. They recorded "
                    + recoveries.stream()
                            .mapToInt(recorded -> recorded.recovery().hits().size())
                            .sum()
                    + " hit(s) in all.\nFix: make the recovery inside scenario.restart(...) reach a commit or"
                    + " statement, widen kinds, sql or boundaries, or drop crashRecovery.");
        }
        if (cases.size() > recoveryCrashes.cap()) {
            String perCrash = counts.entrySet().stream()
                    .filter(entry -> entry.getValue() > 0)
                    .sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
                    .limit(COUNTS_SHOWN)
                    .map(entry -> "  " + entry.getValue() + " x " + entry.getKey())
                    .collect(Collectors.joining("\n"));
            throw new ExtensionConfigurationException("@CrashSweep on " + ConfigurationErrors.describe(method)
                    + ": the recoveries of its " + recoveries.size() + " crash cases reached " + cases.size()
                    + " boundary hits to crash at, more than the cap of " + recoveryCrashes.cap() + " ("
                    + recoveryCrashes.capSource() + "); no recovery crash case was run.\nRecovery hits per crash case"
                    + " (most first):\n" + perCrash
                    + "\nFix: narrow the sweep (kinds = SweepKind.COMMITS, sql = \"^(INSERT|UPDATE)\", boundaries ="
                    + " ...), which narrows the recovery crashes too, shorten the recovery, or raise"
                    + " @CrashSweep(maxRecoveryCases = ...) or " + DeliveryKitConfiguration.SWEEP_MAX_RECOVERY_CASES
                    + ".");
        }
        return cases;
    }

    /** The case a replay key names, if this sweep could have produced it. */
    public Optional<CrashCase.Crashing> replayCase(ReplayKey key) {
        if (key instanceof ReplayKey.CrashFree) {
            return Optional.of(recordCase());
        }
        if (key instanceof ReplayKey.Pair pair) {
            if (!recoveryCrashes.enabled()
                    || pair.mode().filter(wanted -> wanted != mode).isPresent()) {
                return Optional.empty();
            }
            return crashAt(pair.first(), mode)
                    .map(this::keyed)
                    .flatMap(first -> crashAt(pair.recovery(), CrashMode.IN_PROCESS)
                            .map(recovery -> new CrashCase.CrashPair(first, recovery)));
        }
        if (!(key instanceof ReplayKey.Crash crash)
                || crash.mode().filter(wanted -> wanted != mode).isPresent()) {
            return Optional.empty();
        }
        if (!faults.contains(crash.fault())) {
            return Optional.empty();
        }
        return crashAt(crash, mode)
                .map(found -> crash.fault() == Fault.FAILURE ? found.failing() : found)
                .map(this::keyed);
    }

    /** The crash a key names, in {@code crashMode}, if this sweep crashes there. */
    private Optional<CrashCase.CrashAtHit> crashAt(ReplayKey.Crash crash, CrashMode crashMode) {
        if (crash.target() == ReplayKey.Target.BOUNDARY) {
            return catalogueBoundaries.stream()
                    .filter(boundary -> boundary.name().equals(crash.point()))
                    .findFirst()
                    .map(boundary -> CrashCase.CrashAtHit.of(
                            boundary, crash.occurrence(), crashMode, catalogueWatch, Optional.empty()));
        }
        Selector selector;
        try {
            selector = CrashPlan.selectorOf(crash);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        Boundary boundary = Boundary.of(selector);
        return swept(boundary)
                ? Optional.of(
                        CrashCase.CrashAtHit.of(boundary, crash.occurrence(), crashMode, plainWatch, Optional.empty()))
                : Optional.empty();
    }

    private CrashCase.CrashAtHit keyed(CrashCase.CrashAtHit crash) {
        return keysNameMode ? crash.withModeInReplayKey() : crash;
    }

    /**
     * Keys this sweep could replay, for a message about a key it cannot: its crash-free run, and its catalogue
     * boundaries and commits at the requested hit (its hits are known only after a recording).
     */
    public List<String> replayCandidates(ReplayKey requested) {
        int hit = requested instanceof ReplayKey.Crash crash ? crash.occurrence() : 1;
        List<String> keys = new ArrayList<>();
        keys.add(ReplayKey.crashFree().text());
        catalogueBoundaries.forEach(
                boundary -> keys.add(ReplayKey.boundary(boundary.name(), hit).text()));
        if (kinds.contains(SweepKind.COMMITS)) {
            keys.add(ReplayKey.selector("before-commit", hit).text());
            keys.add(ReplayKey.selector("after-commit", hit).text());
        }
        return keys;
    }

    private boolean swept(Boundary boundary) {
        if (boundary.isNamed()) {
            return catalogueBoundaries.contains(boundary);
        }
        String spec = (boundary.selector() instanceof Selector.Within scoped ? scoped.selector() : boundary.selector())
                .spec();
        if (spec.equals("before-commit") || spec.equals("after-commit")) {
            return kinds.contains(SweepKind.COMMITS);
        }
        if ((boundary.selector() instanceof Selector.Within scoped ? scoped.selector() : boundary.selector())
                instanceof Selector.Outside) {
            return kinds.contains(SweepKind.OUTSIDE_EFFECTS);
        }
        String statement = spec.startsWith(STATEMENT_BEFORE)
                ? spec.substring(STATEMENT_BEFORE.length())
                : spec.startsWith(STATEMENT_AFTER) ? spec.substring(STATEMENT_AFTER.length()) : null;
        if (statement == null || !kinds.contains(SweepKind.STATEMENTS)) {
            return false;
        }
        if (kinds.contains(SweepKind.COMMITS)
                && TRANSACTION_END.matcher(statement).matches()) {
            return false; // the same point as the commit boundary, crashed once there
        }
        return sql.isEmpty()
                || sql.stream().anyMatch(pattern -> pattern.matcher(statement).find());
    }

    private String kindsText() {
        return kinds.stream().map(Enum::name).collect(Collectors.joining(", "));
    }
}
