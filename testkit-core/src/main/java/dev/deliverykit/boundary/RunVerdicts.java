package dev.deliverykit.boundary;

import dev.deliverykit.CrashMode;
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
                    VerdictMessages.kitFailed(run.breaches().kitFailure()).lines(),
                    run.breaches().kitFailureCause());
        }
        if (run.breaches().outsider() != null) {
            throw new ThreadOutsideProcessError(
                    VerdictMessages.threadOutsideProcess(run.breaches().outsider())
                            .lines());
        }
        if (!end.stillBusy().isEmpty()) {
            throw new ProcessStillRunningError(
                    VerdictMessages.processStillRunning(after, end.stillBusy()).lines());
        }
    }

    /** How many lines of a child's stdout and of its stderr a failure message shows. */
    static final int OUTPUT_LINES = 40;

    /** The verdict of a child-process crash run. */
    static CrashResult child(CrashPlan plan, String who, RunReport report, ChildResult child) {
        if (report == null || report.outcome() == null) {
            throw new BoundaryNotReachedError(
                    VerdictMessages.childEndedWithoutReport(
                                    plan.describe(), who, child.exitCode(), child.tail(OUTPUT_LINES))
                            .lines(),
                    null,
                    plan,
                    List.of(),
                    child);
        }
        requireTheTestJvmsServers(who, report);
        if (report.outcome() == RunReport.Outcome.INJECTED) {
            failOnProblems(report.problems()); // the process lived on to the workload's end, and exited
            return new CrashResult(plan, CrashMode.CHILD_PROCESS, report, child);
        }
        if (report.outcome() == RunReport.Outcome.CRASHED && child.exitCode() == BoundaryEngine.CRASH_EXIT_CODE) {
            failOnProblems(report.problems());
            return new CrashResult(plan, CrashMode.CHILD_PROCESS, report, child);
        }
        String how = report.outcome() == RunReport.Outcome.FAILED
                ? VerdictMessages.childThrew(who, report.workloadFailure(), child.exitCode())
                : VerdictMessages.childReturned(who, child.exitCode());
        boolean failed = report.outcome() == RunReport.Outcome.FAILED;
        throw new BoundaryNotReachedError(
                () -> failed
                        ? VerdictMessages.withChildOutput(notReached(plan, report, how), child.tail(OUTPUT_LINES))
                        : notReached(plan, report, how),
                null,
                plan,
                report.hits(),
                child);
    }

    /** A recording whose workload completed; a failed workload fails the recording. */
    static Recording recording(RunReport report, String who, Throwable thrown, ChildResult child) {
        requireTheTestJvmsServers(who, report);
        if (report.outcome() != RunReport.Outcome.COMPLETED) {
            throw new RecordingFailedException(
                    VerdictMessages.recordingFailed(
                                    who, report.workloadFailure(), report.hits().size())
                            .lines(),
                    thrown,
                    child);
        }
        failOnProblems(report.problems());
        return new Recording(report.hits(), child, report.changes());
    }

    /**
     * Fails a child's run whose JDBC connections reached a local server the test JVM's never did: whatever the child
     * reached or crashed at, it wrote where the test JVM cannot read. First, as it explains what else went wrong.
     */
    private static void requireTheTestJvmsServers(String who, RunReport report) {
        if (!report.ownServers().isEmpty()) {
            throw new SecondServerError(
                    VerdictMessages.secondServer(who, report.ownServers()).lines(), report.ownServers());
        }
    }

    private static String notReached(CrashPlan plan, RunReport report, String how) {
        long armedHits = report.hits().stream()
                .filter(hit -> hit.boundary().name().equals(plan.boundary().name()))
                .count();
        return VerdictMessages.boundaryNotReached(
                        plan.describe(),
                        how,
                        armedHits,
                        RunReport.reachedLines(report.hits()),
                        report.notes(),
                        report.problems())
                .lines();
    }

    private static void failOnProblems(List<String> problems) {
        if (!problems.isEmpty()) {
            throw new InstrumentationFailedException(
                    VerdictMessages.instrumentationFailed(problems).lines(), new ArrayList<>(problems));
        }
    }
}
