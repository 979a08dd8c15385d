package dev.deliverykit.boundary;

import dev.deliverykit.internal.instrument.ProcessContext;
import dev.deliverykit.internal.instrument.Processes;
import java.lang.StackWalker.StackFrame;
import java.util.List;

/**
 * Where a task that framework code handed to an executor came from: Spring runs an asynchronous listener (a Modulith
 * {@code @ApplicationModuleListener}) as a task its proxy hands over, and on the executor's thread no frame is the
 * user's, before the listener runs and after it returned (its commit, Modulith's marks). Such a task's hits are named
 * by the handing thread's frames ({@link ProcessContext#handedBy}) when its own stack has no frame of user code, and
 * the places of the handing thread are places of the task too. A task the user's code hands over starts afresh:
 * its innermost frame past the JDK is not a framework's.
 */
final class HandingStack {

    private HandingStack() {}

    /** The workload's part of the frames that handed the current task over, if framework code did; else empty. */
    static List<StackFrame> current() {
        ProcessContext context = Processes.current();
        if (context == null || context.handedBy().isEmpty()) {
            return List.of();
        }
        List<StackFrame> frames = context.handedBy().stream()
                .takeWhile(frame -> !StackSummary.isKit(frame.getDeclaringClass()))
                .toList();
        return frames.stream()
                        .filter(frame -> !StackSummary.isIgnored(frame.getDeclaringClass()))
                        .findFirst()
                        .filter(frame -> StackSummary.isSeenThrough(frame.getClassName()))
                        .isPresent()
                ? frames
                : List.of();
    }
}
