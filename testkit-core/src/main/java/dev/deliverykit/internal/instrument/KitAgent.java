package dev.deliverykit.internal.instrument;

import java.lang.instrument.Instrumentation;

/**
 * The {@code Premain-Class} and {@code Agent-Class} of the testkit-core jar. It keeps the
 * {@link Instrumentation} and, when the JVM starts with {@code -javaagent:testkit-core.jar}, installs the
 * JDBC weaving at once on a daemon thread: JDBC classes loaded later are woven as they load (no
 * retransformation), so statements prepared before the first engine run are known, and that run, which
 * waits for the thread if it is not done yet, finds the driver woven. Method boundaries are still woven
 * when a run names them.
 *
 * <p>{@code -javaagent:testkit-core.jar=lazy} weaves nothing until the first run (for a JVM that loads the
 * agent but rarely uses the engine: the early weaving costs it about 40 ms of wall time, 80 ms of CPU, on
 * the 2-core development machine; the first run then costs about 45 ms more).
 */
public final class KitAgent {

    /** The agent argument that defers all weaving to the first engine run. */
    static final String LAZY = "lazy";

    private static volatile Instrumentation instrumentation;

    private KitAgent() {
    }

    /** Called by the JVM for {@code -javaagent:testkit-core.jar[=lazy]}. */
    public static void premain(String arguments, Instrumentation instrumentation) {
        KitAgent.instrumentation = instrumentation;
        if (!LAZY.equals(arguments)) {
            Thread weaver = new Thread(Instrumenter::weaveJdbcEarly, "deliverykit-jdbc-weaver");
            weaver.setDaemon(true);
            weaver.start();
        }
    }

    /** Called by the JVM when the jar is attached to a running JVM (the first run weaves what it needs). */
    public static void agentmain(String arguments, Instrumentation instrumentation) {
        KitAgent.instrumentation = instrumentation;
    }

    static Instrumentation instrumentation() {
        return instrumentation;
    }
}
