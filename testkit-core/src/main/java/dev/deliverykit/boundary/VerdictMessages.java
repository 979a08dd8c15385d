package dev.deliverykit.boundary;

import dev.deliverykit.internal.text.DurationText;
import dev.deliverykit.internal.text.Message;
import java.util.ArrayList;
import java.util.List;

/** The messages of a run's verdict when the run proves nothing: what happened, what was expected and the fix. */
final class VerdictMessages {

    private VerdictMessages() {}

    /** The kit failed while it observed a call; the call went on, the verdict cannot be trusted. */
    static Message kitFailed(String failure) {
        return Message.of(
                "DeliveryKit failed internally " + failure + ".\nThis is a DeliveryKit bug, not a failure of the code"
                        + " under test: the call went on unchanged, but this run's verdict cannot be trusted.",
                "the kit to observe every JDBC call the driver accepts.",
                "please report it with this message and its cause; meanwhile run this test with mode ="
                        + " CHILD_PROCESS or exclude it.");
    }

    /** A thread the in-process crash neither kills nor counts used JDBC. */
    static Message threadOutsideProcess(String outsider) {
        return Message.of(
                "A thread outside the process under test used JDBC during an in-process run: " + outsider
                        + ".\nThe in-process crash cannot tell what it does to that thread's work (it neither kills"
                        + " nor counts it), so this run proves nothing.",
                "during an in-process run only the workload's threads use JDBC: the thread that runs it, threads it"
                        + " starts, and tasks it hands to executors.",
                "run this test alone (@Isolated, or no parallel execution for it), start that work inside the"
                        + " workload, or use mode = CHILD_PROCESS, where the process is a JVM of its own.");
    }

    /** The process under test still ran threads or tasks after its end. */
    static Message processStillRunning(String after, List<String> stillBusy) {
        return Message.of(
                "The process under test did not stop within " + DurationText.format(DyingProcess.stopTimeout())
                        + " after " + after + ": " + String.join("; ", stillBusy) + ".",
                "its threads and tasks to end or wait, so that recovery and the invariants do not race them.",
                "let the workload wait for the work it starts (join its threads, wait for its futures), or allow more"
                        + " time with -D" + DyingProcess.STOP_TIMEOUT_PROPERTY + "=30s.");
    }

    /** A child ended without the kit's report, so it never reached the armed boundary. */
    static Message childEndedWithoutReport(String armedAt, String who, int exitCode, String childOutput) {
        return Message.of(
                "Boundary not reached: the crash was armed at " + armedAt + ", but " + who + " ended with exit code "
                        + exitCode + " without a report from the kit (it failed to start the workload, or called"
                        + " System.exit or Runtime.halt itself).",
                "exit code " + BoundaryEngine.CRASH_EXIT_CODE + " at the boundary.",
                "see the child's output:\n" + childOutput);
    }

    /** A recording child ended without the kit's report, so nothing it reached is known. */
    static Message recordingEndedWithoutReport(String who, int exitCode, String childOutput) {
        return Message.of(
                "Recording failed: " + who + " ended with exit code " + exitCode + " without a report from the kit.",
                "the workload to complete.",
                "see the child's output:\n" + childOutput);
    }

    /** A child's JDBC connections reached local servers the test JVM's never reached. */
    static Message secondServer(String who, List<String> servers) {
        return Message.of(
                "Second server: " + who + " connected through JDBC to " + String.join(", ", servers)
                        + ", a local server the test JVM's JDBC connections never reached. It is most likely a"
                        + " second server, started in the child by the test class's @BeforeAll or a static field,"
                        + " which run again in every JVM; the test JVM's recovery and invariants read its own server"
                        + " and cannot see this one's writes, so this run proves nothing.",
                "the child to use the test JVM's server.",
                "pass the test JVM's server to the child: start it only where a system property with its URL is not"
                        + " set, set that property to its URL, and connect to the URL it holds; a child JVM inherits"
                        + " the test JVM's system properties (docs/crash-modes.md, \"Which JVM runs what\"); if it is the"
                        + " test JVM's own server, reached there only before the kit's first run (a pool filled in"
                        + " @BeforeAll), set -Ddeliverykit.child.second-server-check=false.");
    }

    /** A recording run's workload failed, so the recording misses what it would have reached. */
    static Message recordingFailed(String who, String failure, int hits) {
        return Message.of(
                "Recording failed: " + who + " threw " + failure + " after " + hits
                        + " hit(s), although a recording run injects no crash.",
                "the workload to complete, so that every boundary it reaches is recorded.",
                "make the workload pass without crashes first (see the cause or the child's output).");
    }

    /**
     * The run ended before the armed hit.
     *
     * @param how how the run ended
     * @param armedHits how often it reached the armed boundary
     * @param reached the lines of every boundary reached and its hits
     */
    static Message boundaryNotReached(
            String armedAt,
            String how,
            long armedHits,
            List<String> reached,
            List<String> notes,
            List<String> problems) {
        List<String> lines = new ArrayList<>();
        lines.add("Boundary not reached: the crash was armed at " + armedAt + ", but " + how + " after reaching it "
                + (armedHits == 1 ? "1 time" : armedHits + " times") + ".");
        lines.add("Reached boundaries (hits):");
        if (reached.isEmpty()) {
            lines.add("  none: no watched boundary, statement, commit or rollback was reached");
        }
        lines.addAll(reached);
        notes.forEach(note -> lines.add("Note: " + note + "."));
        if (!problems.isEmpty()) {
            lines.add("Instrumentation problems (boundaries in these classes may have been missed):");
            problems.forEach(problem -> lines.add("  " + problem));
        }
        return Message.of(
                String.join("\n", lines),
                "the run to reach that hit, so that the crash test tests something.",
                "pick a boundary and hit from the list above, or make the workload run the code that reaches the"
                        + " boundary.");
    }

    /** Classes the run should have instrumented could not be. */
    static Message instrumentationFailed(List<String> problems) {
        List<String> lines = new ArrayList<>();
        lines.add("Instrumentation failed for " + problems.size()
                + " class(es) during this run, so boundaries in them may have been missed:");
        problems.forEach(problem -> lines.add("  " + problem));
        return Message.of(
                String.join("\n", lines),
                "every JDBC class and every class a method selector names to be instrumented.",
                "see the errors above; a class loader that cannot see the kit needs the kit on its class path, and a"
                        + " class that cannot be retransformed must be instrumented at load time (-javaagent).");
    }

    /** How the child that ran the workload, {@code who}, ended when it threw {@code failure}. */
    static String childThrew(String who, String failure, int exitCode) {
        return who + " threw " + failure + " (exit code " + exitCode + "; its stack trace is in the child's output"
                + " below)";
    }

    /** How the child that ran the workload, {@code who}, ended when it returned. */
    static String childReturned(String who, int exitCode) {
        return who + " returned normally (exit code " + exitCode + ")";
    }

    /** {@code message} followed by the {@code output} of the child it is about. */
    static String withChildOutput(String message, String output) {
        return message + "\nThe child's output:\n" + output;
    }
}
