package dev.deliverykit.boundary;

import dev.deliverykit.process.ChildResult;
import java.util.ArrayList;
import java.util.List;

/** Turns what a run saw into its result or its failure, with messages that say what, where, expected and fix. */
final class Verdicts {

    private Verdicts() {
    }

    /** The verdict of an in-process crash run whose workload ended with {@code thrown} ({@code null}: returned). */
    static CrashResult inProcess(CrashPlan plan, RunReport report, SimulatedCrash crash, Throwable thrown) {
        if (report.outcome() == RunReport.Outcome.CRASHED) {
            CrashResult result = new CrashResult(plan, CrashMode.IN_PROCESS, report, null);
            if (thrown == null) {
                throw new CrashSwallowedException(swallowed(plan, report), crash, result);
            }
            failOnProblems(report.problems());
            return result;
        }
        String how = thrown == null ? "the workload returned normally" : "the workload threw " + thrown;
        throw new BoundaryNotReachedException(() -> notReached(plan, report, how), thrown, plan, report.hits(), null);
    }

    /** The verdict of a child-process crash run. */
    static CrashResult child(CrashPlan plan, ChildLaunch launch, RunReport report, ChildResult child) {
        String who = "the child JVM running " + launch.describe();
        if (report == null || report.outcome() == null) {
            throw new BoundaryNotReachedException("Boundary not reached: the crash was armed at " + plan.describe()
                    + ", but " + who + " ended with exit code " + child.exitCode() + " without a report from the kit"
                    + " (it failed to start the workload, or called System.exit or Runtime.halt itself).\n"
                    + "Expected: exit code " + BoundaryEngine.CRASH_EXIT_CODE + " at the boundary.\n"
                    + "Fix: see the child's output:\n" + child, null, plan, List.of(), child);
        }
        if (report.outcome() == RunReport.Outcome.CRASHED && child.exitCode() == BoundaryEngine.CRASH_EXIT_CODE) {
            failOnProblems(report.problems());
            return new CrashResult(plan, CrashMode.CHILD_PROCESS, report, child);
        }
        String how = report.outcome() == RunReport.Outcome.FAILED
                ? who + " threw " + report.workloadFailure() + " (exit code " + child.exitCode()
                        + "; its stack trace is in the child's stderr)"
                : who + " returned normally (exit code " + child.exitCode() + ")";
        throw new BoundaryNotReachedException(() -> notReached(plan, report, how), null, plan, report.hits(), child);
    }

    /** A recording whose workload completed; a failed workload fails the recording. */
    static Recording recording(RunReport report, String who, Throwable thrown) {
        if (report.outcome() != RunReport.Outcome.COMPLETED) {
            throw new IllegalStateException("Recording failed: " + who + " threw " + report.workloadFailure()
                    + " after " + report.hits().size() + " hit(s), although a recording run injects no crash.\n"
                    + "Expected: the workload to complete, so that every boundary it reaches is recorded.\n"
                    + "Fix: make the workload pass without crashes first (see the cause or the child's stderr).",
                    thrown);
        }
        failOnProblems(report.problems());
        return new Recording(report.hits());
    }

    private static String notReached(CrashPlan plan, RunReport report, String how) {
        long armedHits = report.hits().stream().filter(hit -> hit.boundary().name().equals(plan.boundary().name()))
                .count();
        StringBuilder message = new StringBuilder("Boundary not reached: the crash was armed at ").append(plan.describe())
                .append(", but ").append(how).append(" after reaching it ").append(times(armedHits)).append(".\n");
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

    private static String swallowed(CrashPlan plan, RunReport report) {
        BoundaryHit site = report.crashSite();
        StringBuilder message = new StringBuilder("Crash swallowed: the simulated crash at ").append(plan.describe())
                .append(" was caught, and the workload returned normally.\n");
        if (report.afterDeath() != null) {
            message.append("After the crash the dead process still reached ").append(report.afterDeath())
                    .append(".\n");
        } else {
            message.append("The dead process reached no JDBC call or watched method after the crash, so where the"
                    + " crash was caught is unknown; it was thrown at ")
                    .append(site.stack().isEmpty() ? "an unknown frame" : site.stack().get(0)).append(".\n");
        }
        appendProblems(message, report.problems());
        message.append("Expected: the SimulatedCrash to propagate out of the workload: nothing runs after a real"
                + " process death.\n");
        message.append("Fix: do not catch Throwable or Error around the code under test (catch Exception), or"
                + " rethrow SimulatedCrash.");
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
        StringBuilder message = new StringBuilder("Instrumentation failed for ").append(problems.size())
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
