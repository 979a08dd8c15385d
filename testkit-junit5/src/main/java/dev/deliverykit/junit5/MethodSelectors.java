package dev.deliverykit.junit5;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Checks a method selector's class and method before any run, so that a typo is a configuration error at
 * the start and not an error inside the first crash run. The engine checks again at run time.
 */
final class MethodSelectors {

    private MethodSelectors() {
    }

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
        List<String> parameters = open < 0 ? null : reference.substring(open + 1, reference.length() - 1).isEmpty()
                ? List.of() : List.of(reference.substring(open + 1, reference.length() - 1).split(","));
        Class<?> type;
        try {
            type = Class.forName(typeName, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            return Optional.of("class " + typeName + " cannot be found on the test class path (nested classes use"
                    + " their binary name, com.acme.Outer$Inner)");
        }
        boolean declared = Arrays.stream(type.getDeclaredMethods())
                .anyMatch(method -> method.getName().equals(methodName) && !Modifier.isAbstract(method.getModifiers())
                        && (parameters == null || parameters.equals(Arrays.stream(method.getParameterTypes())
                                .map(Class::getTypeName).collect(Collectors.toList()))));
        if (declared) {
            return Optional.empty();
        }
        String methods = Arrays.stream(type.getDeclaredMethods()).filter(method -> !method.isSynthetic())
                .map(MethodSelectors::signature).distinct().sorted().collect(Collectors.joining(", "));
        return Optional.of(type.getName() + " declares no method " + methodName
                + (parameters == null ? "" : "(" + String.join(",", parameters) + ")") + " with a body (its methods: "
                + (methods.isEmpty() ? "none" : methods) + "); name the class that declares and implements it, not an"
                + " interface or a subclass");
    }

    private static String signature(Method method) {
        return method.getName() + "(" + Arrays.stream(method.getParameterTypes()).map(Class::getTypeName)
                .collect(Collectors.joining(",")) + ")";
    }
}
