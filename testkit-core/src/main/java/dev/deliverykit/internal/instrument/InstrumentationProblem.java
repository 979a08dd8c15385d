package dev.deliverykit.internal.instrument;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * A class the engine meant to instrument but could not: a transformer or retransformation error.
 *
 * @param typeName the class
 * @param classLoader a description of its class loader
 * @param alreadyLoaded whether it was being retransformed (loaded before the engine installed) or loaded
 * @param error what went wrong
 */
@API(status = INTERNAL, since = "0.1")
public record InstrumentationProblem(String typeName, String classLoader, boolean alreadyLoaded, Throwable error) {

    /** One line: the class, its loader, and the error. */
    public String describe() {
        return typeName + " (class loader " + classLoader + ", " + (alreadyLoaded ? "retransforming" : "loading")
                + "): " + error;
    }
}
