package dev.deliverykit.internal.instrument;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.lang.instrument.Instrumentation;
import org.apiguardian.api.API;

/**
 * The {@code Premain-Class} and {@code Agent-Class} of the testkit-core jar. It keeps the
 * {@link Instrumentation} and, when the JVM starts with {@code -javaagent:testkit-core.jar}, installs the
 * JDBC weaving at once on a daemon thread: JDBC classes loaded later are woven as they load (no
 * retransformation), so statements prepared before the first engine run are known, and that run, which
 * waits for the thread if it is not done yet, finds the driver woven. Method boundaries are still woven
 * when a run names them.
 *
 * <p>{@code -javaagent:testkit-core.jar=lazy} weaves nothing until the first run (for a JVM that loads the
 * agent but rarely uses the engine: it then starts faster, and its first run waits longer; benchmark B4 measures
 * both). Any other argument is refused, so that a typo does not silently mean "eager".
 */
@API(status = INTERNAL, since = "0.1")
public final class KitAgent {

    /** The agent argument that defers all weaving to the first engine run. */
    static final String LAZY = "lazy";

    private static volatile Instrumentation instrumentation;

    private KitAgent() {}

    /** Called by the JVM for {@code -javaagent:testkit-core.jar[=lazy]}. */
    public static void premain(String arguments, Instrumentation instrumentation) {
        if (arguments != null && !arguments.isEmpty() && !LAZY.equals(arguments)) {
            // An exception thrown from premain aborts the JVM with a native "FATAL ERROR" and a core dump; a
            // message and exit code 1 say the same thing plainly.
            System.err.println("DeliveryKit agent: unknown argument \"" + arguments + "\" in -javaagent:<testkit-core"
                    + " jar>=" + arguments + "; expected no argument (weave the JDBC driver from JVM start) or \""
                    + LAZY + "\" (weave at the first crash run). Fix the -javaagent option in the test JVM's"
                    + " arguments (surefire's argLine).");
            System.exit(1);
        }
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
