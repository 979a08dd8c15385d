package dev.deliverykit.boundary;

import dev.deliverykit.internal.instrument.EngineControls;
import dev.deliverykit.internal.instrument.Instrumenter;
import dev.deliverykit.process.ChildProcess;
import dev.deliverykit.process.ChildResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The runs of {@link BoundaryEngine} in a child JVM: writes the plan to a file the child reads, starts the child,
 * waits for it, and judges the report it wrote (the child runs {@link InProcessRuns#runAsChild}). They share nothing
 * with this JVM's runs, so they may run in parallel.
 */
final class ChildProcessRuns {

    /**
     * {@code false} lets a child reach local servers the test JVM's JDBC connections were not seen reaching (its own
     * server reached only through a pool filled before the kit's first run in this JVM), without failing its case.
     */
    static final String SECOND_SERVER_CHECK_PROPERTY = "deliverykit.child.second-server-check";

    private ChildProcessRuns() {}

    /** {@link BoundaryEngine#crashInChildProcess(CrashPlan, ChildStarter)}. */
    static CrashResult crash(CrashPlan plan, ChildStarter starter) {
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(starter, "starter");
        MethodSelectors.validate(plan.watchList().and(plan.boundary()));
        ChildOutcome outcome = runChild(plan, plan.watchList().forCrashRun(), starter);
        return RunVerdicts.child(plan, "the child JVM running " + starter.describe(), outcome.report, outcome.result);
    }

    /** {@link BoundaryEngine#recordInChildProcess(WatchList, ChildStarter)}. */
    static Recording record(WatchList watch, ChildStarter starter) {
        Objects.requireNonNull(watch, "watch");
        Objects.requireNonNull(starter, "starter");
        MethodSelectors.validate(watch);
        ChildOutcome outcome = runChild(null, watch, starter);
        String who = "the child JVM running " + starter.describe();
        if (outcome.report == null || outcome.report.outcome() == null) {
            throw new RecordingFailedException(
                    VerdictMessages.recordingEndedWithoutReport(
                                    who, outcome.result.exitCode(), outcome.result.tail(RunVerdicts.OUTPUT_LINES))
                            .lines(),
                    null,
                    outcome.result);
        }
        return RunVerdicts.recording(outcome.report, who, null, outcome.result);
    }

    private record ChildOutcome(RunReport report, ChildResult result) {}

    private static ChildOutcome runChild(CrashPlan plan, WatchList watch, ChildStarter starter) {
        Path directory;
        try {
            directory = Files.createTempDirectory("deliverykit-run-");
        } catch (IOException e) {
            throw new UncheckedIOException(RunFileMessages.noDirectory(), e);
        }
        try {
            Path planFile = directory.resolve("plan.tsv");
            Path reportFile = directory.resolve("report.tsv");
            RunFiles.writePlan(planFile, plan, watch, secondServerCheck() ? EngineControls.jdbcServers() : Set.of());
            ChildResult result;
            try (ChildProcess child =
                    starter.start(new ChildRunFiles(planFile, reportFile, Instrumenter.childJvmOptions()))) {
                result = child.awaitExit();
            }
            RunReport report = Files.exists(reportFile) ? RunFiles.readReport(reportFile) : null;
            return new ChildOutcome(report, result);
        } finally {
            deleteQuietly(directory);
        }
    }

    private static void deleteQuietly(Path directory) {
        try (Stream<Path> files = Files.walk(directory)) {
            files.sorted(Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // a temporary directory left behind is harmless; the run's verdict matters more
        }
    }

    private static boolean secondServerCheck() {
        return !"false".equalsIgnoreCase(System.getProperty(SECOND_SERVER_CHECK_PROPERTY));
    }
}
