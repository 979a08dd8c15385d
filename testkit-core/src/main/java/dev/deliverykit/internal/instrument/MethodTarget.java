package dev.deliverykit.internal.instrument;

import java.util.List;

/**
 * A method to weave boundary advice into.
 *
 * @param typeName binary name of the type that declares the method
 * @param methodName the method's name
 * @param parameterTypes parameter type names as {@link Class#getTypeName()} writes them, or {@code null}
 *     for every overload
 */
public record MethodTarget(String typeName, String methodName, List<String> parameterTypes) {

    public MethodTarget {
        parameterTypes = parameterTypes == null ? null : List.copyOf(parameterTypes);
    }
}
