package dev.deliverykit.boundary;

import dev.deliverykit.CrashMode;
import dev.deliverykit.internal.text.DurationText;
import dev.deliverykit.process.ChildResult;
import java.util.ArrayList;
import java.util.List;

/** Turns what a run saw into its result or its failure, with messages that say what, where, expected and fix. */
final class RunVerdicts {

    private RunVerdicts() {}

    /**
     * The verdict of an in-process crash run. A kit failure, a thread outside the process and a process that
     * did not stop come first: with them the crash proves nothing. A run that died is then judged like a real
     * exit, by what survives: what the dead process still tried (each call refused before it reached a database)
     * and a crash the workload caught and returned from are listed in the result, never a verdict, since a real
     * process runs nothing after its death and code that catches a failure and records it is correct code.
     */
    static CrashResult inProcess(CrashPlan plan, RunReport report, ActiveRun run, InProcessRuns.RunEnd end) {
        Throwable thrown = end.thrown();
        String after = run.crashed()
                ? "the crash at " + plan.describe()
                : thrown == null ? "the workload returned" : "the workload threw " + thrown;
        processIsolation(run, end, after);
        if (report.outcome() == RunReport.Outcome.CRASHED) {
            failOnProblems(report.problems());
            List<String> afterDeath = new ArrayList<>(report.afterDeath());
            if (thrown == null && run.crashOnMainFlow()) {
                afterDeath.add(0, "the workload caught the crash and returned normally");
            }
            return new CrashResult(plan, CrashMode.IN_PROCESS, report.withAfterDeath(afterDeath), null);
        }
        String how = thrown == null ? "the workload returned normally" : "the workload threw " + thrown;
        throw new BoundaryNotReachedError(() -> notReached(plan, report, how), thrown, plan, report.hits(), null);
    }

    /**
     * The verdict of an in-process run with an injected failure: isolation as for a crash, then the failure must
     * have been injected. How the workload handled it (returned, threw) is the code under test's business; recovery,
     * assertions and invariants judge it.
     */
    static CrashResult failureInProcess(CrashPlan plan, RunReport report, ActiveRun run, InProcessRuns.RunEnd end) {
        Throwable thrown = end.thrown();
        String how = thrown == null ? "the workload returned normally" : "the workload threw " + thrown;
        processIsolation(run, end, run.injected() ? "the failure injected at " + plan.describe() + ", " + how : how);
        if (report.outcome() == RunReport.Outcome.INJECTED) {
            failOnProblems(report.problems());
            return new CrashResult(plan, CrashMode.IN_PROCESS, report, null);
        }
        throw new BoundaryNotReachedError(() -> notReached(plan, report, how), thrown, plan, report.hits(), null);
    }

    /** Fails a run whose process was not alone, did not stop, or whose observation failed in the kit. */
    static void processIsolation(ActiveRun run, InProcessRuns.RunEnd end, String after) {
        if (run.breaches().kitFailure() != null) {
            throw new KitFailureException(
                    "DeliveryKit failed internally " + run.breaches().kitFailure() + ".\nThis is a"
                            + " DeliveryKit bug, not a failure of the code under test: the call went on unchanged, but this"
                            + " run's verdict cannot be trusted.\nExpected: the kit to observe every JDBC call the driver"
                            + " accepts.\nFix: please report it with this message and its cause; meanwhile run this test"
                            + " with mode = CHILD_PROCESS or exclude it.",
                    run.breaches().kitFailureCause());
        }
        if (run.breaches().outsider() != null) {
            throw new ThreadOutsideProcessError("A thread outside the process under test used JDBC during an"
                    + " in-process run: " + run.breaches().outsider()
                    + ".\nThe in-process crash cannot tell what it does to"
                    + " that thread's work (it neither kills nor counts it), so this run proves nothing.\nExpected:"
                    + " during an in-process run only the workload's threads use JDBC: the thread that runs it,"
                    + " threads it starts, and tasks it hands to executors.\nFix: run this test alone (@Isolated,"
                    + " or no parallel execution for it), start that work inside the workload, or use"
                    + " mode = CHILD_PROCESS, where the process is a JVM of its own.");
        }
        if (!end.stillBusy().isEmpty()) {
            throw new ProcessStillRunningError("The process under test did not stop within "
                    + DurationText.format(DyingProcess.stopTimeout()) + " after " + after + ": "
                    + String.join("; ", end.stillBusy())
                    + ".\nExpected: its threads and tasks to end or wait, so that recovery and the invariants do"
                    + " not race them.\nFix: let the workload wait for the work it starts (join its threads, wait"
                    + " for its futures), or allow more time with -D" + DyingProcess.STOP_TIMEOUT_PROPERTY
                    + "=30s.");
        }
    }

    /** How many lines of a child's stdout and of its stderr a failure message shows. */
    static final int OUTPUT_LINES = 40;

    /** The verdict of a child-process crash run. */
    static CrashResult child(CrashPlan plan, String who, RunReport report, ChildResult child) {
        if (report == null || report.outcome() == null) {
            throw new BoundaryNotReachedError(
                    "Boundary not reached: the crash was armed at " + plan.describe()
                            + ", but " + who + " ended with exit code " + child.exitCode()
                            + " without a report from the kit"
                            + " (it failed to start the workload, or called System.exit or Runtime.halt itself).\n"
                            + "Expected: exit code " + BoundaryEngine.CRASH_EXIT_CODE + " at the boundary.\n"
                            + "Fix: see the child's output:\n" + child.tail(OUTPUT_LINES),
                    null,
                    plan,
                    List.of(),
                    child);
        }
        if (report.outcome() == RunReport.Outcome.INJECTED) {
            failOnProblems(report.problems()); // the process lived on to the workload's end, and exited
            return new CrashResult(plan, CrashMode.CHILD_PROCESS, report, child);
        }
        if (report.outcome() == RunReport.Outcome.CRASHED && child.exitCode() == BoundaryEngine.CRASH_EXIT_CODE) {
            failOnProblems(report.problems());
            return new CrashResult(plan, CrashMode.CHILD_PROCESS, report, child);
        }
        String how = report.outcome() == RunReport.Outcome.FAILED
                ? who + " threw " + report.workloadFailure() + " (exit code " + child.exitCode()
                        + "; its stack trace is in the child's output below)"
                : who + " returned normally (exit code " + child.exitCode() + ")";
        boolean failed = report.outcome() == RunReport.Outcome.FAILED;
        throw new BoundaryNotReachedError(
                () -> notReached(plan, report, how)
                        + (failed ? "\nThe child's output:\n" + child.tail(OUTPUT_LINES) : ""),
                null,
                plan,
                report.hits(),
                child);
    }

    /** A recording whose workload completed; a failed workload fails the recording. */
    static Recording recording(RunReport report, String who, Throwable thrown, ChildResult child) {
        if (report.outcome() != RunReport.Outcome.COMPLETED) {
            throw new RecordingFailedException(
                    "Recording failed: " + who + " threw " + report.workloadFailure()
                            + " after " + report.hits().size() + " hit(s), although a recording run injects no crash.\n"
                            + "Expected: the workload to complete, so that every boundary it reaches is recorded.\n"
                            + "Fix: make the workload pass without crashes first (see the cause or the child's output).",
                    thrown,
                    child);
        }
        failOnProblems(report.problems());
        return new Recording(report.hits(), child, report.changes());
    }

    private static String notReached(CrashPlan plan, RunReport report, String how) {
        long armedHits = report.hits().stream()
                .filter(hit -> hit.boundary().name().equals(plan.boundary().name()))
                .count();
        StringBuilder message = new StringBuilder("Boundary not reached: the crash was armed at ")
                .append(plan.describe())
                .append(", but ")
                .append(how)
                .append(" after reaching it ")
                .append(times(armedHits))
                .append(".\n");
        message.append("Reached boundaries (hits):\n");
        List<String> reached = RunReport.reachedLines(report.hits());
        if (reached.isEmpty()) {
            message.append("  none: no watched boundary, statement, commit or rollback was reached\n");
        }
        reached.forEach(line -> message.append(line).append('\n'));
        report.notes().forEach(note -> message.append("Note: ").append(note).append(".\n"));
        appendProblems(message, report.problems());
        message.append("Expected: the run to reach that hit, so that the crash test tests something.\n");
        message.append("Fix: pick a boundary and hit from the list above, or make the workload run the code that"
                + " reaches the boundary.");
        return message.toString();
    }

    private static void appendProblems(StringBuilder message, List<String> problems) {
        if (!problems.isEmpty()) {
            message.append("Instrumentation problems (boundaries in these classes may have been missed):\n");
            problems.forEach(problem -> message.append("  ").append(problem).append('\n'));
        }
    }

    private static void failOnProblems(List<String> problems) {
        if (problems.isEmpty()) {
            return;
        }
        StringBuilder message = new StringBuilder("Instrumentation failed for ")
                .append(problems.size())
                .append(" class(es) during this run, so boundaries in them may have been missed:\n");
        problems.forEach(problem -> message.append("  ").append(problem).append('\n'));
        message.append("Expected: every JDBC class and every class a method selector names to be instrumented.\n");
        message.append("Fix: see the errors above; a class loader that cannot see the kit needs the kit on its"
                + " class path, and a class that cannot be retransformed must be instrumented at load time"
                + " (-javaagent).");
        throw new InstrumentationFailedException(message.toString(), new ArrayList<>(problems));
    }

    private static String times(long n) {
        return n == 1 ? "1 time" : n + " times";
    }
}
