package dev.deliverykit.junit5;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/** Configuration errors in one voice: which annotation element, on which test, what is wrong, how to fix it. */
final class ConfigurationErrors {

    private ConfigurationErrors() {
    }

    /** {@code <element> on <test method>: <what>. Fix: <fix>} as an {@link ExtensionConfigurationException}. */
    static ExtensionConfigurationException of(String element, Method method, String what, String fix) {
        return new ExtensionConfigurationException(element + " on " + describe(method) + ": " + what + ". Fix: " + fix);
    }

    /** {@code OrderTest.survives(CrashScenario, Path)}. */
    static String describe(Method method) {
        return method.getDeclaringClass().getSimpleName() + "." + method.getName() + "(" + Arrays.stream(
                method.getParameterTypes()).map(Class::getSimpleName).collect(Collectors.joining(", ")) + ")";
    }

    /** {@code "a"} or {@code {"a", "b"}}, as written in an annotation. */
    static String literal(String... values) {
        String joined = Arrays.stream(values).map(value -> "\"" + value + "\"").collect(Collectors.joining(", "));
        return values.length == 1 ? joined : "{" + joined + "}";
    }
}
