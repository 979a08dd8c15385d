package dev.deliverykit.junit5.internal.config;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.stream.Collectors;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/** Configuration errors in one voice: which annotation element, on which test, what is wrong, how to fix it. */
@API(status = INTERNAL, since = "0.1")
public final class ConfigurationErrors {

    private ConfigurationErrors() {}

    /**
     * {@code <element> on <test method>: <what>. Fix: <fix>} as an {@link ExtensionConfigurationException}. A
     * {@code what} taken from the engine's message may carry a fix of its own, in the engine's terms; it is left
     * out, so that the message says "Fix:" once, in the annotation's terms.
     */
    public static ExtensionConfigurationException of(String element, Method method, String what, String fix) {
        return new ExtensionConfigurationException(
                element + " on " + describe(method) + ": " + withoutFix(what) + ". Fix: " + fix);
    }

    /** {@code what} up to its own {@code Fix:}, without the full stop before it. */
    private static String withoutFix(String what) {
        int fix = what.indexOf("Fix:");
        String kept = (fix < 0 ? what : what.substring(0, fix)).strip();
        return kept.endsWith(".") ? kept.substring(0, kept.length() - 1) : kept;
    }

    /** {@code OrderTest.survives(CrashScenario, Path)}. */
    public static String describe(Method method) {
        return method.getDeclaringClass().getSimpleName() + "." + method.getName() + "("
                + Arrays.stream(method.getParameterTypes())
                        .map(Class::getSimpleName)
                        .collect(Collectors.joining(", ")) + ")";
    }

    /** {@code "a"} or {@code {"a", "b"}}, as written in an annotation. */
    public static String literal(String... values) {
        String joined = Arrays.stream(values).map(value -> "\"" + value + "\"").collect(Collectors.joining(", "));
        return values.length == 1 ? joined : "{" + joined + "}";
    }
}
