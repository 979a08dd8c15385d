package dev.deliverykit.boundary;

import dev.deliverykit.internal.instrument.Instrumenter;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * The method selectors of a run: checked against the classes they name before anything runs, woven before the
 * workload starts, and named in the report when their class was never loaded. What was checked and woven is
 * remembered across runs, as a test runs the same plan case after case.
 */
final class MethodSelectors {

    /**
     * Lists of method selectors that an earlier run validated, every class found, and wove: a test that
     * runs the same plan case after case skips both. Bounded, so that generated selectors cannot grow it.
     */
    private static final Set<List<Selector.Method>> READY_METHOD_SELECTORS = ConcurrentHashMap.newKeySet();

    /** Per class, the specs of the method selectors already found valid for it. */
    private static final ClassValue<Set<String>> VALID_METHOD_SELECTORS = new ClassValue<>() {
        @Override
        protected Set<String> computeValue(Class<?> type) {
            return ConcurrentHashMap.newKeySet();
        }
    };

    private MethodSelectors() {}

    /** Weaves the JDBC driver and the methods that the watch list, the plan and their hand-overs select. */
    static void instrumentFor(WatchList watch, CrashPlan plan) {
        List<Selector.Method> methods = methodSelectors(watch);
        Selector.Method planned =
                plan == null ? null : SelectorMatching.method(plan.boundary().selector());
        if (planned != null) {
            methods.add(planned);
        }
        for (Selector.Method method : List.copyOf(methods)) {
            BrokerBoundaries.handOverStart(method)
                    .filter(start -> !methods.contains(start))
                    .ifPresent(methods::add);
        }
        Instrumenter instrumenter = Instrumenter.get();
        instrumenter.ensureJdbc();
        if (READY_METHOD_SELECTORS.contains(methods)) {
            return; // the same method selectors as an earlier run: validated (classes found) and woven
        }
        boolean everyClassFound = validateMethods(methods);
        instrumenter.ensureMethods(
                methods.stream().map(SelectorMatching::methodTarget).collect(Collectors.toList()));
        if (everyClassFound && READY_METHOD_SELECTORS.size() < 256) {
            READY_METHOD_SELECTORS.add(List.copyOf(methods));
        }
    }

    /** Fails before anything runs if a method selector names a loadable class that lacks the method. */
    static void validate(WatchList watch) {
        validateMethods(methodSelectors(watch));
    }

    /** The method selectors of the watched boundaries (of an occurrence: the method it counts). */
    private static List<Selector.Method> methodSelectors(WatchList watch) {
        List<Selector.Method> methods = new ArrayList<>();
        for (Boundary boundary : watch.boundaries()) {
            Selector.Method method = SelectorMatching.method(boundary.selector());
            if (method != null) {
                methods.add(method);
            }
        }
        return methods;
    }

    /** {@link #validate}; whether every selector's class could be loaded (and so was checked). */
    private static boolean validateMethods(List<Selector.Method> methods) {
        boolean everyClassFound = true;
        for (Selector.Method selector : methods) {
            everyClassFound &= validateMethod(selector);
        }
        return everyClassFound;
    }

    private static boolean validateMethod(Selector.Method selector) {
        ClassLoader loader = Thread.currentThread().getContextClassLoader() != null
                ? Thread.currentThread().getContextClassLoader()
                : ClassLoader.getSystemClassLoader();
        Class<?> type;
        try {
            type = Class.forName(selector.typeName(), false, loader);
        } catch (ClassNotFoundException notYetVisible) {
            return false; // may be defined later by another class loader; a run that never sees it says so
        }
        Set<String> valid = VALID_METHOD_SELECTORS.get(type);
        if (valid.contains(selector.spec())) {
            return true; // a class's methods never change: checked by an earlier run
        }
        requireDeclared(selector, type);
        valid.add(selector.spec());
        return true;
    }

    private static void requireDeclared(Selector.Method selector, Class<?> type) {
        if (type.getClassLoader() == null) {
            throw new IllegalArgumentException(SetupMessages.bootstrapMethod(selector.description(), type.getName())
                    .sentences());
        }
        boolean declared = Arrays.stream(type.getDeclaredMethods())
                .anyMatch(method -> method.getName().equals(selector.methodName())
                        && !Modifier.isAbstract(method.getModifiers())
                        && selector.parameterTypes()
                                .map(types -> types.equals(Arrays.stream(method.getParameterTypes())
                                        .map(Class::getTypeName)
                                        .toList()))
                                .orElse(true));
        if (!declared) {
            List<String> methods = Arrays.stream(type.getDeclaredMethods())
                    .filter(method -> !method.isSynthetic())
                    .map(MethodSelectors::signature)
                    .distinct()
                    .sorted(Comparator.naturalOrder())
                    .toList();
            String named = selector.methodName()
                    + selector.parameterTypes()
                            .map(types -> "(" + String.join(",", types) + ")")
                            .orElse("");
            throw new IllegalArgumentException(
                    SetupMessages.undeclaredMethod(selector.description(), type.getName(), named, methods)
                            .sentences());
        }
    }

    private static String signature(Method method) {
        return method.getName() + "("
                + Arrays.stream(method.getParameterTypes())
                        .map(Class::getTypeName)
                        .collect(Collectors.joining(",")) + ")";
    }

    /** Adds a note for each method selector whose class was never instrumented in this JVM. */
    static RunReport withMethodNotes(RunReport report, WatchList watch, CrashPlan plan) {
        Set<String> unwoven = new LinkedHashSet<>();
        if (plan != null) {
            addUnwoven(plan.boundary(), unwoven);
        }
        for (Boundary boundary : watch.boundaries()) {
            addUnwoven(boundary, unwoven);
        }
        if (unwoven.isEmpty()) {
            return report;
        }
        List<String> notes = new ArrayList<>(report.notes());
        for (String type : unwoven) {
            notes.add(type + " was never loaded in the process that ran, so none of its methods could be reached");
        }
        return report.with(notes, report.problems());
    }

    private static void addUnwoven(Boundary boundary, Set<String> unwoven) {
        Selector.Method selector = SelectorMatching.method(boundary.selector());
        if (selector != null && !Instrumenter.get().wasTransformed(selector.typeName())) {
            unwoven.add(selector.typeName());
        }
    }
}
