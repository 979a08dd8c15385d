package dev.deliverykit.junit5.internal.planning;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.CrashMode;
import dev.deliverykit.Fault;
import dev.deliverykit.ReplayKey;
import dev.deliverykit.boundary.Boundary;
import dev.deliverykit.boundary.Selector;
import dev.deliverykit.boundary.WatchList;
import dev.deliverykit.junit5.CrashAt;
import dev.deliverykit.junit5.internal.config.ConfigurationErrors;
import dev.deliverykit.junit5.internal.config.KitSettings;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/** The cases of a {@link CrashAt} test: one per boundary of every {@code @CrashAt}, all checked before any runs. */
@API(status = INTERNAL, since = "0.1")
public final class CrashAtCases {

    private CrashAtCases() {}

    /**
     * Every case, in declaration order.
     *
     * @throws org.junit.jupiter.api.extension.ExtensionConfigurationException on any element that cannot work
     */
    public static List<KitCase> of(
            Method method, List<CrashAt> annotations, Optional<Catalogues> catalogues, KitSettings settings) {
        List<KitCase.CrashAtHit> listed = new ArrayList<>();
        WatchList catalogueWatch = catalogues.map(Catalogues::watchList).orElse(WatchList.of());
        for (CrashAt annotation : annotations) {
            WatchList watch = settings.seeingThrough(catalogueWatch, annotation.seeThrough(), "@CrashAt", method);
            if (annotation.value().length == 0 && annotation.selector().length == 0) {
                throw ConfigurationErrors.of(
                        "@CrashAt",
                        method,
                        "it names no boundary",
                        "name catalogue boundaries, @CrashAt(\"after-outbox-insert\"), or give selector specs,"
                                + " @CrashAt(selector = \"after-commit\")");
            }
            if (annotation.occurrence() < 1) {
                throw ConfigurationErrors.of(
                        "@CrashAt(occurrence = " + annotation.occurrence() + ")",
                        method,
                        "occurrences are counted from 1",
                        "use occurrence = 1 for the first hit (the default), 2 for the" + " second, and so on");
            }
            List<CrashMode> modes = settings.modes(annotation.mode());
            List<Boundary> boundaries = new ArrayList<>();
            for (String name : annotation.value()) {
                boundaries.add(named(method, name, catalogues));
            }
            for (String spec : annotation.selector()) {
                boundaries.add(Boundary.of(parsed(method, spec)));
            }
            for (CrashMode mode : modes) {
                for (Boundary boundary : boundaries) {
                    KitCase.CrashAtHit crash =
                            KitCase.CrashAtHit.of(boundary, annotation.occurrence(), mode, watch, Optional.empty());
                    listed.add(annotation.fault() == Fault.FAILURE ? crash.failing() : crash);
                }
            }
        }
        // A boundary and hit listed in both modes are two cases: their replay keys name the mode.
        Map<ReplayKey, Set<CrashMode>> modes = new HashMap<>();
        listed.forEach(crash -> modes.computeIfAbsent(crash.replayKey(), key -> EnumSet.noneOf(CrashMode.class))
                .add(crash.mode()));
        Map<ReplayKey, KitCase> cases = new LinkedHashMap<>();
        for (KitCase.CrashAtHit listedCase : listed) {
            KitCase.CrashAtHit crash =
                    modes.get(listedCase.replayKey()).size() > 1 ? listedCase.withModeInReplayKey() : listedCase;
            if (cases.put(crash.replayKey(), crash) != null) {
                throw ConfigurationErrors.of(
                        "@CrashAt",
                        method,
                        "the case " + crash.replayKey() + " is listed" + " twice",
                        "list every boundary and occurrence once per mode");
            }
        }
        return List.copyOf(cases.values());
    }

    private static Boundary named(Method method, String name, Optional<Catalogues> catalogues) {
        String element = "@CrashAt(value = " + ConfigurationErrors.literal(name) + ")";
        if (catalogues.isEmpty()) {
            throw Catalogues.missing(
                    element,
                    method,
                    "annotate the test class with @BoundaryCatalogueSource(YourBoundaries.class), a class with public"
                            + " static BoundaryCatalogue fields, or give a selector spec: @CrashAt(selector ="
                            + " \"after-commit\")");
        }
        return catalogues.get().requireBoundary(name, element, method);
    }

    private static Selector parsed(Method method, String spec) {
        String element = "@CrashAt(selector = " + ConfigurationErrors.literal(spec) + ")";
        Selector selector;
        try {
            selector = Selector.parse(spec);
        } catch (IllegalArgumentException e) {
            throw ConfigurationErrors.of(element, method, e, "write the spec as Selector.spec() prints it");
        }
        if (spec.startsWith("#")) {
            throw ConfigurationErrors.of(
                    element,
                    method,
                    "the spec selects an occurrence itself",
                    "use @CrashAt(selector = \"" + spec.replaceFirst("^#[0-9]+ ", "") + "\", occurrence = N)");
        }
        ClassLoader loader = method.getDeclaringClass().getClassLoader();
        Selector unscoped = selector instanceof Selector.Within within ? within.selector() : selector;
        MethodSelectors.problem(unscoped.spec(), loader).ifPresent(problem -> {
            throw ConfigurationErrors.of(element, method, problem, "correct the class, method or parameter types");
        });
        if (selector instanceof Selector.Within within) {
            MethodSelectors.placeProblem(within.place(), loader).ifPresent(problem -> {
                throw ConfigurationErrors.of(element, method, problem, "correct the place's class or method name");
            });
        }
        return selector;
    }
}
