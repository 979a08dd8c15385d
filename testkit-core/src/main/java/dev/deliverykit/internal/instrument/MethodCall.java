package dev.deliverykit.internal.instrument;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.List;
import org.apiguardian.api.API;

/**
 * Entry into, or exit from, a method of a watched type.
 *
 * @param point entry, normal exit or exceptional exit
 * @param typeName binary name of the declaring type, such as {@code com.acme.Relay$Worker}
 * @param methodName the method's name
 * @param parameterTypes the parameter types as {@link Class#getTypeName()} writes them
 * @param thrown what the method threw, for {@link Point#EXCEPTIONAL_EXIT}; {@code null} otherwise
 */
@API(status = INTERNAL, since = "0.1")
public record MethodCall(Point point, String typeName, String methodName, List<String> parameterTypes, Throwable thrown)
        implements ObservedCall {

    /** Where in the method. */
    public enum Point {
        ENTRY,
        NORMAL_EXIT,
        EXCEPTIONAL_EXIT
    }

    /** Its {@linkplain #signature() signature}. */
    @Override
    public String operation() {
        return signature();
    }

    /** {@code com.acme.Relay#relay(java.lang.String,int)}. */
    public String signature() {
        return typeName + "#" + methodName + "(" + String.join(",", parameterTypes) + ")";
    }
}
