package dev.deliverykit.junit5;

import dev.deliverykit.CrashMode;
import dev.deliverykit.ReplayKey;
import dev.deliverykit.boundary.Boundary;
import dev.deliverykit.boundary.BoundaryHit;
import dev.deliverykit.boundary.CrashPlan;
import dev.deliverykit.boundary.Place;
import dev.deliverykit.boundary.Recording;
import dev.deliverykit.boundary.Selector;
import dev.deliverykit.boundary.WatchList;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * A checked {@link CrashSweep}: what its crash-free run records, and which recorded hits become crash cases.
 */
final class SweepPlan {

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
            boolean keysNameMode) {
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
    }

    /**
     * One plan per mode of the sweep, in the order of its modes: each with its own recording and crash cases, in
     * that mode. With two modes, the replay keys name the mode.
     *
     * @throws ExtensionConfigurationException naming the element and the fix
     */
    static List<SweepPlan> perMode(
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
                keysNameMode);
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
                keysNameMode);
    }

    /** The mode of the recording and of every crash. */
    CrashMode mode() {
        return mode;
    }

    /** The first invocation: a crash-free run recording every boundary of the swept kinds. */
    CrashCase.RecordBoundaries recordCase() {
        WatchList watch = plainWatch.and(catalogueBoundaries.toArray(new Boundary[0]));
        if (kinds.contains(SweepKind.STATEMENTS)) {
            watch = watch.withEveryStatement();
        }
        if (kinds.contains(SweepKind.COMMITS)) {
            watch = watch.withEveryTransactionEnd();
        }
        return new CrashCase.RecordBoundaries(mode, watch);
    }

    /**
     * One crash case per recorded hit of the swept kinds, in the order the hits happened.
     *
     * @throws ExtensionConfigurationException if there are more than the cap
     * @throws AssertionError if there are none: the sweep would test nothing
     */
    List<CrashCase> cases(Recording recording) {
        List<CrashCase> cases = new ArrayList<>();
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (SweepPoints.Point point : SweepPoints.of(recording.hits())) {
            BoundaryHit hit = point.hit();
            if (swept(hit.boundary()) && SweepPlaces.contain(within, hit)) {
                cases.add(keyed(CrashCase.CrashAtHit.of(
                        point.boundary(),
                        point.occurrence(),
                        mode,
                        hit.boundary().isNamed() ? catalogueWatch : plainWatch,
                        CrashSites.name(hit))));
                counts.merge(hit.boundary().name(), 1, Integer::sum);
            }
        }
        if (cases.isEmpty() && !within.isEmpty()) {
            throw SweepPlaces.noneWithin(
                    method,
                    within,
                    kindsText(),
                    recording.hits().stream()
                            .filter(hit -> swept(hit.boundary()))
                            .toList());
        }
        if (cases.isEmpty()) {
            throw new AssertionError(
                    "@CrashSweep on " + ConfigurationErrors.describe(method) + ": the crash-free run reached no"
                            + " boundary of the swept kinds (" + kindsText()
                            + "), so there is nothing to crash at and the sweep"
                            + " would test nothing. It recorded "
                            + recording.hits().size() + " hit(s) in all.\nFix: make the"
                            + " workload inside scenario.run(...) reach a commit or statement, or widen kinds, sql or boundaries.");
        }
        if (cases.size() > maxCases) {
            String perBoundary = counts.entrySet().stream()
                    .sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
                    .limit(COUNTS_SHOWN)
                    .map(entry -> "  " + entry.getValue() + " x " + entry.getKey())
                    .collect(Collectors.joining("\n"));
            throw new ExtensionConfigurationException("@CrashSweep on " + ConfigurationErrors.describe(method)
                    + ": the crash-free"
                    + " run reached " + cases.size() + " boundary hits to crash at, more than the cap of " + maxCases
                    + " ("
                    + maxCasesSource + "); no crash case was run.\nHits per boundary (most first):\n" + perBoundary
                    + "\nFix: narrow the sweep (kinds = SweepKind.COMMITS, sql = \"^(INSERT|UPDATE)\", boundaries = ...),"
                    + " shorten the workload, or raise @CrashSweep(maxCases = ...) or deliverykit.sweep.max-cases.");
        }
        return cases;
    }

    /** The case a replay key names, if this sweep could have produced it. */
    Optional<CrashCase.Crashing> replayCase(ReplayKey key) {
        if (key instanceof ReplayKey.CrashFree) {
            return Optional.of(recordCase());
        }
        if (!(key instanceof ReplayKey.Crash crash)
                || crash.mode().filter(wanted -> wanted != mode).isPresent()) {
            return Optional.empty();
        }
        if (crash.target() == ReplayKey.Target.BOUNDARY) {
            return catalogueBoundaries.stream()
                    .filter(boundary -> boundary.name().equals(crash.point()))
                    .findFirst()
                    .<CrashCase.Crashing>map(boundary -> keyed(CrashCase.CrashAtHit.of(
                            boundary, crash.occurrence(), mode, catalogueWatch, Optional.empty())));
        }
        Selector selector;
        try {
            selector = CrashPlan.selectorOf(crash);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        Boundary boundary = Boundary.of(selector);
        return swept(boundary)
                ? Optional.of(keyed(
                        CrashCase.CrashAtHit.of(boundary, crash.occurrence(), mode, plainWatch, Optional.empty())))
                : Optional.empty();
    }

    private CrashCase.CrashAtHit keyed(CrashCase.CrashAtHit crash) {
        return keysNameMode ? crash.withModeInReplayKey() : crash;
    }

    /**
     * Keys this sweep could replay, for a message about a key it cannot: its crash-free run, and its catalogue
     * boundaries and commits at the requested hit (its hits are known only after a recording).
     */
    List<String> replayCandidates(ReplayKey requested) {
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
