package dev.deliverykit.benchmarks.process;

import dev.deliverykit.benchmarks.pipeline.CrashCase;
import dev.deliverykit.boundary.ProcessWorkload;
import java.nio.file.Path;
import java.util.List;

/** B2's child: the crash case's workload in a real process ({@code <case directory>}); it halts at the boundary. */
public final class CrashCaseProcess implements ProcessWorkload {

    /** For the engine's child main. */
    public CrashCaseProcess() {}

    @Override
    public void run(List<String> args) {
        CrashCase.workload(Path.of(args.get(0)));
    }
}
