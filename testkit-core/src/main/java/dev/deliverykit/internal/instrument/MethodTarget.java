package dev.deliverykit.internal.instrument;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A method to weave boundary advice into.
 *
 * @param typeName binary name of the type that declares the method
 * @param methodName the method's name
 * @param parameterTypes parameter type names as {@link Class#getTypeName()} writes them, or {@code null}
 *     for every overload
 */
@API(status = INTERNAL, since = "0.1")
public record MethodTarget(String typeName, String methodName, List<String> parameterTypes) {

    public MethodTarget {
        parameterTypes = parameterTypes == null ? null : List.copyOf(parameterTypes);
    }

    /**
     * Parses {@code Type#method} (every overload) or {@code Type#method(paramType,...)}, ignoring spaces;
     * empty if the text is not of that form. Callers word their own error, since they know the context.
     */
    public static Optional<MethodTarget> parse(String reference) {
        String text = reference.replace(" ", "");
        int hash = text.indexOf('#');
        int open = text.indexOf('(');
        boolean wellFormed = hash > 0 && hash < text.length() - 1
                && (open < 0 || (open > hash + 1 && text.endsWith(")")));
        if (!wellFormed) {
            return Optional.empty();
        }
        String method = open < 0 ? text.substring(hash + 1) : text.substring(hash + 1, open);
        List<String> parameters = null;
        if (open >= 0) {
            String inside = text.substring(open + 1, text.length() - 1);
            parameters = inside.isEmpty() ? List.of() : List.of(inside.split(","));
        }
        return Optional.of(new MethodTarget(text.substring(0, hash), method, parameters));
    }

    /** {@code type}'s method {@code name}; with {@code parameterTypes} only that overload, else every overload. */
    public static MethodTarget of(Class<?> type, String name, Class<?>... parameterTypes) {
        List<String> parameters = parameterTypes.length == 0 ? null
                : Arrays.stream(parameterTypes).map(Class::getTypeName).toList();
        return new MethodTarget(type.getName(), name, parameters);
    }

    /** Whether the name is a method's, not blank and not a constructor or static initialiser. */
    public boolean namesAMethod() {
        return methodName != null && !methodName.isBlank() && !methodName.contains("<");
    }
}
