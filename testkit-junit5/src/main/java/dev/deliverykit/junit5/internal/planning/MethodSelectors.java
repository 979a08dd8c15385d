package dev.deliverykit.junit5.internal.planning;

import dev.deliverykit.boundary.Place;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Checks a method selector's or a place's class and method before any run, so that a typo is a configuration error at
 * the start and not an error inside the first crash run. The engine checks again at run time.
 */
final class MethodSelectors {

    private MethodSelectors() {}

    /** The problem with a {@code method-...:Type#name(params)} spec, or empty if it names a declared method with a body. */
    static Optional<String> problem(String spec, ClassLoader loader) {
        int colon = spec.indexOf(':');
        if (!spec.replaceFirst("^#[0-9]+ ", "").startsWith("method-") || colon < 0) {
            return Optional.empty();
        }
        String reference = spec.substring(colon + 1).replace(" ", "");
        int hash = reference.indexOf('#');
        int open = reference.indexOf('(');
        String typeName = reference.substring(0, hash);
        String methodName = open < 0 ? reference.substring(hash + 1) : reference.substring(hash + 1, open);
        List<String> parameters = open < 0
                ? null
                : reference.substring(open + 1, reference.length() - 1).isEmpty()
                        ? List.of()
                        : List.of(reference
                                .substring(open + 1, reference.length() - 1)
                                .split(","));
        Class<?> type;
        try {
            type = Class.forName(typeName, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            return Optional.of("class " + typeName + " cannot be found on the test class path (nested classes use"
                    + " their binary name, com.acme.Outer$Inner)");
        }
        boolean declared = Arrays.stream(type.getDeclaredMethods())
                .anyMatch(method -> method.getName().equals(methodName)
                        && !Modifier.isAbstract(method.getModifiers())
                        && (parameters == null
                                || parameters.equals(Arrays.stream(method.getParameterTypes())
                                        .map(Class::getTypeName)
                                        .collect(Collectors.toList()))));
        if (declared) {
            return Optional.empty();
        }
        return Optional.of(type.getName() + " declares no method " + methodName
                + (parameters == null ? "" : "(" + String.join(",", parameters) + ")") + " with a body (its methods: "
                + methods(type) + "); name the class that declares and implements it, not an"
                + " interface or a subclass");
    }

    /**
     * The problem with a place, or empty if its class declares the method, or is not on the test class path: a
     * place whose class never loads is never on the stack, and a crash scoped to it fails saying so.
     */
    static Optional<String> placeProblem(Place place, ClassLoader loader) {
        Class<?> type;
        try {
            type = Class.forName(place.typeName(), false, loader);
        } catch (ClassNotFoundException | LinkageError notHere) {
            return Optional.empty();
        }
        if (Arrays.stream(type.getDeclaredMethods())
                .anyMatch(method -> method.getName().equals(place.methodName()) && !method.isSynthetic())) {
            return Optional.empty();
        }
        return Optional.of("the place " + place + " is no method: " + type.getName() + " declares no method "
                + place.methodName() + " (its methods: " + methods(type) + "); a place is a method of the class that"
                + " declares it, not of an interface or a subclass");
    }

    private static String methods(Class<?> type) {
        String methods = Arrays.stream(type.getDeclaredMethods())
                .filter(method -> !method.isSynthetic())
                .map(MethodSelectors::signature)
                .distinct()
                .sorted()
                .collect(Collectors.joining(", "));
        return methods.isEmpty() ? "none" : methods;
    }

    private static String signature(Method method) {
        return method.getName() + "("
                + Arrays.stream(method.getParameterTypes())
                        .map(Class::getTypeName)
                        .collect(Collectors.joining(",")) + ")";
    }
}
