package dev.deliverykit.boundary;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The stack trace of a workload's failure in a child JVM, as its stderr shows it: each throwable of the cause
 * chain with its frames down to the kit's call of the workload; the frames of the kit and of the test runner
 * beneath it (the same for every workload) are left out, so that the end of the child's output is the workload's.
 */
final class WorkloadTrace {

    /**
     * The kit's frames that call the workload, the first not shown: {@link InProcessRuns} runs every workload, and
     * {@link ChildMain} adapts a {@link ProcessWorkload} into one; the engine's callers of both lie beneath them.
     */
    private static final Set<String> KIT_RUNNERS = Set.of(InProcessRuns.class.getName(), ChildMain.class.getName());

    private WorkloadTrace() {}

    static String of(Throwable thrown) {
        StringBuilder text = new StringBuilder("The workload threw ");
        Map<Throwable, Boolean> seen = new IdentityHashMap<>();
        Throwable current = thrown;
        while (current != null && seen.put(current, Boolean.TRUE) == null) {
            if (current != thrown) {
                text.append("Caused by: ");
            }
            text.append(current).append('\n');
            StackTraceElement[] frames = current.getStackTrace();
            int shown = 0;
            for (StackTraceElement frame : frames) {
                if (KIT_RUNNERS.contains(frame.getClassName())) {
                    break;
                }
                text.append("\tat ").append(frame).append('\n');
                shown++;
            }
            if (shown < frames.length) {
                text.append("\t... ").append(frames.length - shown).append(" frames of the kit and the test runner\n");
            }
            current = current.getCause();
        }
        return text.toString();
    }
}
