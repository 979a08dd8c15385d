package dev.deliverykit.junit5.internal.rerun;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.process.ChildResult;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;
import org.opentest4j.AssertionFailedError;

/**
 * Ends a child JVM whose rerun of a case got past the point where {@code scenario.run(...)} should have halted it:
 * says why on stderr, which the test JVM's failure message shows, and halts with
 * {@value RerunMain#NO_WORKLOAD_EXIT_CODE}, before JUnit cleans up anything of the test JVM's.
 */
@API(status = INTERNAL, since = "0.1")
public final class RerunEnd {

    /**
     * How each explanation this class and {@link RerunMain} print on the child's stderr begins, so that the test
     * JVM finds it there ({@link #explained}).
     */
    static final String MARKER = "[DeliveryKit] the ";

    private RerunEnd() {}

    /**
     * The failure of a case whose child ended before its workload, headed by the child's own explanation (the test
     * failed or returned before {@code scenario.run(...)}, and why) instead of the engine's "no report from the kit";
     * empty for any other end of a child.
     */
    public static Optional<AssertionFailedError> explained(ChildResult child) {
        if (child.exitCode() != RerunMain.NO_WORKLOAD_EXIT_CODE) {
            return Optional.empty();
        }
        int start = child.stderr().lastIndexOf(MARKER);
        if (start < 0 || (start > 0 && child.stderr().charAt(start - 1) != '\n')) {
            return Optional.empty();
        }
        String why = child.stderr().substring(start + MARKER.length()).strip();
        return Optional.of(new AssertionFailedError(RerunMessages.noWorkload(why, RerunMain.NO_WORKLOAD_EXIT_CODE)));
    }

    /**
     * The test threw before it handed its workload to the kit.
     *
     * @param caseName the display name of the case the child reruns
     * @param interceptor the kit's class between JUnit and the test method, whose frames the trace leaves out
     * @param thrown what the test threw
     */
    public static void failedBeforeWorkload(String caseName, Class<?> interceptor, Throwable thrown) {
        halt(MARKER + "test method failed in the child JVM rerunning "
                + caseName
                + " before it called scenario.run(...), so no workload ran there. Code before scenario.run(...)"
                + " runs in both JVMs: a fixture it writes outside the test's own @TempDir directories (on a server,"
                + " in a static @TempDir or another file) is written twice unless it is in scenario.prepare(...).\n"
                + testTrace(thrown, Set.of(interceptor.getName(), RerunMain.class.getName())));
    }

    /**
     * The test returned without handing a workload to the kit.
     *
     * @param caseName the display name of the case the child reruns
     */
    public static void returnedBeforeWorkload(String caseName) {
        halt(MARKER + "test method returned in the child JVM rerunning "
                + caseName
                + " without calling scenario.run(...), so no workload ran there. The test JVM called it: does the"
                + " test take another path in the child (a system property, a file, the time)?");
    }

    /**
     * The throwable and its causes, each with the frames of the test's own code: frames of the JDK, of JUnit and of
     * the kit, the same for every test, are left out.
     */
    private static String testTrace(Throwable thrown, Set<String> kitFrames) {
        StringBuilder text = new StringBuilder();
        Throwable current = thrown;
        for (int depth = 0; current != null && depth < 10; depth++, current = current.getCause()) {
            text.append(current == thrown ? "" : "Caused by: ").append(current).append('\n');
            boolean leftOut = false;
            for (StackTraceElement frame : current.getStackTrace()) {
                String type = frame.getClassName();
                if (type.startsWith("java.")
                        || type.startsWith("jdk.")
                        || type.startsWith("sun.")
                        || type.startsWith("org.junit.")
                        || kitFrames.contains(type)) {
                    leftOut = true;
                } else {
                    text.append("\tat ").append(frame).append('\n');
                }
            }
            if (leftOut) {
                text.append("\t(frames of the JDK, JUnit and the kit left out)\n");
            }
        }
        return text.toString().strip();
    }

    private static void halt(String why) {
        System.out.flush();
        System.err.println(why);
        System.err.flush();
        Runtime.getRuntime().halt(RerunMain.NO_WORKLOAD_EXIT_CODE);
    }
}
