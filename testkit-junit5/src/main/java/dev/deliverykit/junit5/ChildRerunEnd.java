package dev.deliverykit.junit5;

/**
 * Ends a child JVM whose rerun of a case got past the point where {@code scenario.run(...)} should have halted it:
 * says why on stderr, which the test JVM's failure message shows, and halts with
 * {@value ChildCaseMain#NO_WORKLOAD_EXIT_CODE}, before JUnit cleans up anything of the test JVM's.
 */
final class ChildRerunEnd {

    private ChildRerunEnd() {}

    /** The test threw before it handed its workload to the kit. */
    static void failedBeforeWorkload(CrashRun run, Throwable thrown) {
        halt("[DeliveryKit] the test method failed in the child JVM rerunning "
                + run.crashCase().displayName()
                + " before it called scenario.run(...), so no workload ran there. Code before scenario.run(...)"
                + " runs in both JVMs: a fixture it writes is written twice unless it is in scenario.prepare(...).\n"
                + testTrace(thrown));
    }

    /** The test returned without handing a workload to the kit. */
    static void returnedBeforeWorkload(CrashRun run) {
        halt("[DeliveryKit] the test method returned in the child JVM rerunning "
                + run.crashCase().displayName()
                + " without calling scenario.run(...), so no workload ran there. The test JVM called it: does the"
                + " test take another path in the child (a system property, a file, the time)?");
    }

    /**
     * The throwable and its causes, each with the frames of the test's own code: frames of the JDK and of JUnit,
     * the same for every test, are counted, not shown.
     */
    private static String testTrace(Throwable thrown) {
        StringBuilder text = new StringBuilder();
        Throwable current = thrown;
        for (int depth = 0; current != null && depth < 10; depth++, current = current.getCause()) {
            text.append(current == thrown ? "" : "Caused by: ").append(current).append('\n');
            int leftOut = 0;
            for (StackTraceElement frame : current.getStackTrace()) {
                String type = frame.getClassName();
                if (type.startsWith("java.")
                        || type.startsWith("jdk.")
                        || type.startsWith("sun.")
                        || type.startsWith("org.junit.")) {
                    leftOut++;
                } else {
                    text.append("\tat ").append(frame).append('\n');
                }
            }
            text.append("\t(").append(leftOut).append(" frames of the JDK and JUnit left out)\n");
        }
        return text.toString().strip();
    }

    private static void halt(String why) {
        System.out.flush();
        System.err.println(why);
        System.err.flush();
        Runtime.getRuntime().halt(ChildCaseMain.NO_WORKLOAD_EXIT_CODE);
    }
}
