package dev.deliverykit.internal.instrument;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.apiguardian.api.API;

/**
 * One call of an entry-point method, as the entry-point advice saw it on entry.
 *
 * @param type the class that declares the method
 * @param methodName the method's name
 * @param descriptor the method's JVM descriptor, such as {@code (Lcom/acme/Event;)V}
 * @param receiver the object the method was called on, {@code null} for a static method
 * @param arguments the arguments (primitives boxed); unmodifiable, may contain {@code null}
 * @param thread the calling thread
 */
@API(status = INTERNAL, since = "0.1")
public record InterceptedCall(Class<?> type, String methodName, String descriptor, Object receiver,
        List<Object> arguments, Thread thread) {

    static InterceptedCall of(Class<?> type, String method, Object receiver, Object[] arguments) {
        int bar = method.indexOf('|');
        return new InterceptedCall(type, method.substring(0, bar), method.substring(bar + 1), receiver,
                Collections.unmodifiableList(Arrays.asList(arguments)), Thread.currentThread());
    }

    /** {@code com.acme.Transport#deliver(com.acme.Event)}. */
    public String signature() {
        return type.getName() + "#" + methodName + "(" + String.join(",", Descriptors.parameterTypeNames(descriptor))
                + ")";
    }
}
