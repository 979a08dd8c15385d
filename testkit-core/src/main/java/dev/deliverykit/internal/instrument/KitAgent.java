package dev.deliverykit.internal.instrument;

import java.lang.instrument.Instrumentation;

/**
 * The {@code Premain-Class} and {@code Agent-Class} of the testkit-core jar. It keeps the
 * {@link Instrumentation} and, when the JVM starts with {@code -javaagent:testkit-core.jar}, starts
 * weaving the JDBC advice at once on a daemon thread: JDBC classes loaded later are woven as they load
 * (no retransformation), and the work overlaps the JVM's own start instead of delaying its first engine
 * run, which waits for it if it is not done yet. Method boundaries are still woven when a run names them.
 *
 * <p>{@code -javaagent:testkit-core.jar=lazy} weaves nothing until the first run (for a JVM that loads the
 * agent but rarely uses the engine: the early weaving costs a few hundred milliseconds of CPU).
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
