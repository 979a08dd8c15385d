package dev.deliverykit.boundary;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The main class of a child-process run: {@code ChildMain <plan file> <report file> <workload class> <args...>}.
 * It creates the workload, runs it under the plan (halting with exit code
 * {@value BoundaryEngine#CRASH_EXIT_CODE} at the boundary), writes the report and exits 0 when the
 * workload returned, 1 when it threw.
 */
final class ChildMain {

    private ChildMain() {}

    public static void main(String[] args) throws Exception {
        Path planFile = Path.of(args[0]);
        Path reportFile = Path.of(args[1]);
        Class<?> type = Class.forName(args[2]);
        ProcessWorkload workload = (ProcessWorkload) type.getConstructor().newInstance();
        List<String> workloadArgs = List.copyOf(Arrays.asList(args).subList(3, args.length));
        int exitCode = BoundaryEngine.get()
                .runAsChild(RunFiles.readPlan(planFile), () -> workload.run(workloadArgs), reportFile);
        System.out.flush();
        System.err.flush();
        System.exit(exitCode);
    }
}
