package dev.deliverykit.boundary;

import dev.deliverykit.internal.instrument.KitClasses;
import dev.deliverykit.internal.instrument.KnownLibrary;
import dev.deliverykit.internal.instrument.ProcessContext;
import dev.deliverykit.internal.instrument.Processes;
import java.lang.StackWalker.StackFrame;
import java.util.ArrayList;
import java.util.Iterator;
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

    private static final StackWalker WALKER = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

    private HandingStack() {}

    /**
     * The workload's part of the calling thread's frames, as it hands a task over, if framework code does; else
     * empty. Past the kit's and the JDK's frames at the top (the kit's hook, the executor's method) and up to the
     * engine's frames that run the workload; the walk stops at the first frame that tells, as most tasks are handed
     * over by the user's own code.
     */
    static List<StackFrame> capture() {
        return WALKER.walk(stream -> {
            Iterator<StackFrame> frames = stream.dropWhile(frame -> KitClasses.isEngine(frame.getDeclaringClass())
                            || KnownLibrary.JAVA.covers(frame.getClassName()))
                    .takeWhile(frame -> !StackSummary.isKit(frame.getDeclaringClass()))
                    .iterator();
            List<StackFrame> kept = new ArrayList<>();
            boolean framework = false;
            while (frames.hasNext()) {
                StackFrame frame = frames.next();
                kept.add(frame);
                if (!framework && !StackSummary.isIgnored(frame.getDeclaringClass())) {
                    if (!StackSummary.isSeenThrough(frame.getClassName())) {
                        return List.of(); // the user's code hands it over
                    }
                    framework = true;
                }
            }
            return framework ? List.copyOf(kept) : List.of();
        });
    }

    /** The frames kept when the current task was handed over ({@link #capture}); empty for a thread's own code. */
    static List<StackFrame> current() {
        ProcessContext context = Processes.current();
        return context == null ? List.of() : context.handedBy();
    }
}
