package dev.deliverykit.boundary;

import dev.deliverykit.internal.instrument.KnownLibrary;
import java.lang.StackWalker.StackFrame;
import java.lang.reflect.Executable;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Whether a frame is a helper's ({@link StackSummary}): a method with a parameter of a functional interface type,
 * the shape of a transaction template ({@code inTransaction(String, Work)}); a lambda's frame
 * ({@code lambda$inTx$0}) by the methods it was written in. Each answer is kept per class and method: a hit asks it
 * of every frame up to its site.
 */
final class HelperFrames {

    private static final ClassValue<Map<String, Boolean>> HELPERS = new ClassValue<>() {
        @Override
        protected Map<String, Boolean> computeValue(Class<?> type) {
            return new ConcurrentHashMap<>();
        }
    };
    private static final ClassValue<Boolean> FUNCTIONAL = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            return isFunctionalInterface(type);
        }
    };

    private HelperFrames() {}

    /** A method with a functional parameter; a lambda's frame by the methods of its enclosing name. */
    static boolean isHelper(StackFrame frame) {
        String method = frame.getMethodName();
        Class<?> type = frame.getDeclaringClass();
        if (method.startsWith("lambda$")) {
            String[] parts = method.split("\\$");
            String enclosing = parts.length > 1 ? parts[1] : method;
            return HELPERS.get(type).computeIfAbsent("lambda " + enclosing, key -> anyHelperNamed(type, enclosing));
        }
        return HELPERS.get(type)
                .computeIfAbsent(
                        method + frame.getDescriptor(),
                        key -> hasFunctionalParameter(frame.getMethodType().parameterArray()));
    }

    private static boolean anyHelperNamed(Class<?> type, String name) {
        try {
            Executable[] candidates = name.equals("new") ? type.getDeclaredConstructors() : type.getDeclaredMethods();
            return Arrays.stream(candidates)
                    .filter(candidate ->
                            name.equals("new") || candidate.getName().equals(name))
                    .anyMatch(candidate -> hasFunctionalParameter(candidate.getParameterTypes()));
        } catch (LinkageError | SecurityException unresolvable) {
            return false; // a class whose signatures cannot be resolved here: named as user code
        }
    }

    private static boolean hasFunctionalParameter(Class<?>[] parameters) {
        for (Class<?> parameter : parameters) {
            if (FUNCTIONAL.get(parameter)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Annotated {@link FunctionalInterface}, or an interface outside the JDK with exactly one abstract method:
     * not the JDK's other single-method interfaces ({@code Iterable}, {@code AutoCloseable}, {@code Comparable}),
     * which are data, not callbacks.
     */
    private static boolean isFunctionalInterface(Class<?> type) {
        if (!type.isInterface() || type.isAnnotation()) {
            return false;
        }
        if (type.isAnnotationPresent(FunctionalInterface.class)) {
            return true;
        }
        if (KnownLibrary.JAVA.covers(type.getName())) {
            return false;
        }
        try {
            long abstractMethods = Arrays.stream(type.getMethods())
                    .filter(method -> Modifier.isAbstract(method.getModifiers()))
                    .filter(method -> !isObjectMethod(method))
                    .map(method -> method.getName() + Arrays.toString(method.getParameterTypes()))
                    .distinct()
                    .count();
            return abstractMethods == 1;
        } catch (LinkageError | SecurityException unresolvable) {
            return false;
        }
    }

    private static boolean isObjectMethod(Method method) {
        try {
            Object.class.getMethod(method.getName(), method.getParameterTypes());
            return true;
        } catch (NoSuchMethodException notObjects) {
            return false;
        }
    }
}
