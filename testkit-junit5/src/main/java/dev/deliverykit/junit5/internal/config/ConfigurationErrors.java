package dev.deliverykit.junit5.internal.config;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.internal.text.InvalidArgumentException;
import dev.deliverykit.internal.text.Message;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.stream.Collectors;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/** Configuration errors in one voice: which annotation element, on which test, what is wrong, how to fix it. */
@API(status = INTERNAL, since = "0.1")
public final class ConfigurationErrors {

    private ConfigurationErrors() {}

    /** {@code <element> on <test method>: <what>. Fix: <fix>} as an {@link ExtensionConfigurationException}. */
    public static ExtensionConfigurationException of(String element, Method method, String what, String fix) {
        return of(element, method, Message.of(what, null, fix));
    }

    /**
     * The engine's refusal of an annotation element's value, with the fix in the annotation's terms, so that the
     * message says "Fix:" once. An engine message kept as a value gives its parts; any other is one sentence.
     */
    public static ExtensionConfigurationException of(
            String element, Method method, IllegalArgumentException refused, String fix) {
        Message engine = refused instanceof InvalidArgumentException invalid
                ? invalid.value()
                : Message.of(withoutFullStop(refused.getMessage()), null, fix);
        return of(element, method, engine.fixedBy(fix));
    }

    /** {@code message} about {@code element} on {@code method}, in the one line JUnit shows. */
    public static ExtensionConfigurationException of(String element, Method method, Message message) {
        return new ExtensionConfigurationException(
                message.at(element + " on " + describe(method)).clauses());
    }

    private static String withoutFullStop(String sentence) {
        return sentence.endsWith(".") ? sentence.substring(0, sentence.length() - 1) : sentence;
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
