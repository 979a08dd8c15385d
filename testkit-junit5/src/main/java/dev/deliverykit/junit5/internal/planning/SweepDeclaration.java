package dev.deliverykit.junit5.internal.planning;

import dev.deliverykit.CrashMode;
import dev.deliverykit.Fault;
import dev.deliverykit.boundary.Boundary;
import dev.deliverykit.boundary.BoundaryHit;
import dev.deliverykit.boundary.Place;
import dev.deliverykit.boundary.Selector;
import dev.deliverykit.boundary.WatchList;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.DeliveryKitConfiguration;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.junit5.internal.config.ConfigurationErrors;
import dev.deliverykit.junit5.internal.config.KitSettings;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * A checked {@link CrashSweep}, the same in every mode: which recorded hits are crash points, what the recordings
 * watch, what each case does at its point, and the caps. Made once per test; a {@link Sweep} runs it in one mode.
 *
 * @param method the test method, for messages
 * @param kinds the kinds of boundary swept
 * @param catalogueBoundaries the catalogue boundaries swept
 * @param catalogueWatch the watch list of a crash at a catalogue boundary
 * @param plainWatch the watch list of a crash at a commit, statement or outside effect
 * @param sql the statements swept, if filtered
 * @param within the places a crash point must be in, if any
 * @param maxCases the cap on crash cases
 * @param maxCasesSource where the cap comes from, for the message that refuses more
 * @param observed every catalogue boundary, swept or not: a recording watches them, as they may change the outside
 *     world
 * @param exhaustive why every point is crashed, equivalent or not; empty: one crash per class of equivalent points
 * @param recoveryCrashes whether the recoveries are crashed too, and their cap
 * @param faults what each case does at its point: crash (pruned by classes), inject a failure (every point), or both
 */
record SweepDeclaration(
        Method method,
        Set<SweepKind> kinds,
        List<Boundary> catalogueBoundaries,
        WatchList catalogueWatch,
        WatchList plainWatch,
        List<Pattern> sql,
        List<Place> within,
        int maxCases,
        String maxCasesSource,
        List<Boundary> observed,
        Optional<String> exhaustive,
        RecoveryCrashes recoveryCrashes,
        Set<Fault> faults) {

    private static final Pattern TRANSACTION_END =
            Pattern.compile("(COMMIT|END|ROLLBACK)( TRANSACTION| WORK)?", Pattern.CASE_INSENSITIVE);
    private static final String STATEMENT_BEFORE = "before-statement=";
    private static final String STATEMENT_AFTER = "after-statement=";

    /**
     * Whether the sweep crashes recoveries too, and its cap on those cases.
     *
     * @param enabled {@code crashRecovery = true} or {@value DeliveryKitConfiguration#SWEEP_CRASH_RECOVERY}
     * @param cap at most this many recovery crash cases
     * @param capSource where the cap comes from, for the message that refuses more
     */
    record RecoveryCrashes(boolean enabled, int cap, String capSource) {}

    /**
     * The declaration of {@code sweep} on {@code method}.
     *
     * @throws ExtensionConfigurationException naming the element and the fix
     */
    static SweepDeclaration of(Method method, CrashSweep sweep, Optional<Catalogues> catalogues, KitSettings settings) {
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
        return new SweepDeclaration(
                method,
                kinds,
                List.copyOf(boundaries),
                catalogueWatch,
                plainWatch,
                List.copyOf(patterns),
                places,
                cap,
                capSource,
                catalogues.map(Catalogues::boundaries).orElse(List.of()),
                sweep.exhaustive()
                        ? Optional.of("@CrashSweep(exhaustive = true)")
                        : settings.sweepExhaustive()
                                ? Optional.of(DeliveryKitConfiguration.SWEEP_EXHAUSTIVE + " = true")
                                : Optional.empty(),
                recoveryCrashes,
                faults);
    }

    /** What a crash-free run records: every boundary of the swept kinds. */
    WatchList recordWatch() {
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
        return watch;
    }

    /** The crash, in {@code mode}, at a recorded point, keyed by its place and its occurrence there. */
    KitCase.CrashAtHit crashAt(SweepPoints.Point point, CrashMode mode) {
        BoundaryHit hit = point.hit();
        return KitCase.CrashAtHit.of(
                point.boundary(),
                point.occurrence(),
                mode,
                hit.boundary().isNamed() ? catalogueWatch : plainWatch,
                CrashSites.name(hit));
    }

    /** Whether a hit of {@code boundary} is a crash point of this sweep (its place aside). */
    boolean swept(Boundary boundary) {
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

    /** The swept kinds, for messages. */
    String kindsText() {
        return kinds.stream().map(Enum::name).collect(Collectors.joining(", "));
    }
}
