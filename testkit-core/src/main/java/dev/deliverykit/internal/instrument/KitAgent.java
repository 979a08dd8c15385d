package dev.deliverykit.internal.instrument;

import java.lang.instrument.Instrumentation;

/**
 * The {@code Premain-Class} and {@code Agent-Class} of the testkit-core jar. It only keeps the
 * {@link Instrumentation}; the engine installs its transformers when a run first needs them, so an
 * agent that is loaded but never used costs nothing.
 */
public final class KitAgent {

    private static volatile Instrumentation instrumentation;

    private KitAgent() {
    }

    /** Called by the JVM for {@code -javaagent:testkit-core.jar}. */
    public static void premain(String arguments, Instrumentation instrumentation) {
        KitAgent.instrumentation = instrumentation;
    }

    /** Called by the JVM when the jar is attached to a running JVM. */
    public static void agentmain(String arguments, Instrumentation instrumentation) {
        KitAgent.instrumentation = instrumentation;
    }

    static Instrumentation instrumentation() {
        return instrumentation;
    }
}
