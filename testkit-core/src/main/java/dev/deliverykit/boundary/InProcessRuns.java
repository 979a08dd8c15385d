package dev.deliverykit.boundary;

import dev.deliverykit.Workload;
import dev.deliverykit.internal.instrument.BoundarySink;
import dev.deliverykit.internal.instrument.EngineControls;
import dev.deliverykit.internal.instrument.InstrumentationProblem;
import dev.deliverykit.internal.instrument.Instrumenter;
import dev.deliverykit.internal.instrument.ProcessContext;
import dev.deliverykit.schedule.Move;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The runs of {@link BoundaryEngine} in this JVM, one at a time (the agent is JVM-wide): a crash, an injected
 * failure, a recording, and a child JVM's run under its plan. Keeps the dead processes of earlier crashes whose
 * threads may still call, so that their calls stay refused, and which instrumentation problems were reported.
 */
final class InProcessRuns {

    private final AtomicReference<Thread> inProcessRun = new AtomicReference<>();
    /**
     * The runs of in-process crashes whose dead process may still call: the last one until its case ends, and
     * every earlier one while a thread it started is alive or a task it handed over waits. The newest receives the
     * events and refuses them all (an earlier one's calls as a zombie's); guarded by itself.
     */
    private final List<ActiveRun> deadProcesses = new ArrayList<>();

    private int problemsReported;

    /** How an in-process run ended: what the workload threw, and what of its process was still busy after. */
    record RunEnd(Throwable thrown, List<String> stillBusy) {}

    /** {@link BoundaryEngine#crashInProcess}. */
    CrashResult crash(CrashPlan plan, Workload workload) {
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(workload, "workload");
        RunKind.Armed kind = RunKind.inThisJvm(plan, plan.watchList().forCrashRun());
        WatchList watch = kind.watch();
        ActiveRun run = new ActiveRun(kind);
        RunEnd end = runInThisJvm(run, watch, plan, workload);
        RunReport report = run.report(
                outcome(run, end.thrown()),
                end.thrown() == null ? null : end.thrown().toString(),
                newProblems());
        RunReport noted = MethodSelectors.withMethodNotes(report, watch, plan);
        return kind instanceof RunKind.Fail
                ? RunVerdicts.failureInProcess(plan, noted, run, end)
                : RunVerdicts.inProcess(plan, noted, run, end);
    }

    private static RunReport.Outcome outcome(ActiveRun run, Throwable thrown) {
        if (run.crashed()) {
            return RunReport.Outcome.CRASHED;
        }
        if (run.injected()) {
            return RunReport.Outcome.INJECTED;
        }
        return thrown == null ? RunReport.Outcome.COMPLETED : RunReport.Outcome.FAILED;
    }

    /** {@link BoundaryEngine#releaseDeadProcess}. */
    void releaseDeadProcess() {
        if (inProcessRun.get() != null) {
            return;
        }
        settleDeadProcesses(null, null);
    }

    /**
     * Forgets the dead processes that can no longer call, keeps {@code justDied} (its case still
     * runs), and leaves the newest remaining one receiving the events, or none. A thread a dead process started
     * that waits when its run ends (on a latch, a timer) may call later, after other runs: it stays refused.
     */
    private void settleDeadProcesses(ActiveRun justDied, BoundarySink ended) {
        synchronized (deadProcesses) {
            BoundarySink receiving = ended != null
                    ? ended
                    : deadProcesses.isEmpty() ? null : deadProcesses.get(deadProcesses.size() - 1);
            deadProcesses.removeIf(dead -> !dead.mayStillCall());
            if (justDied != null) {
                deadProcesses.add(justDied);
            }
            if (!deadProcesses.isEmpty()) {
                EngineControls.activateDead(deadProcesses.get(deadProcesses.size() - 1));
            } else if (receiving != null) {
                EngineControls.deactivateIf(receiving);
            }
        }
    }

    /** {@link BoundaryEngine#record(WatchList, Workload)}. */
    Recording record(WatchList watch, Workload workload) {
        Objects.requireNonNull(watch, "watch");
        Objects.requireNonNull(workload, "workload");
        ActiveRun run = new ActiveRun(new RunKind.Record(watch));
        RunEnd end = runInThisJvm(run, watch, null, workload);
        RunVerdicts.processIsolation(run, end, "the recording's workload returned");
        RunReport report = run.report(
                end.thrown() == null ? RunReport.Outcome.COMPLETED : RunReport.Outcome.FAILED,
                end.thrown() == null ? null : end.thrown().toString(),
                newProblems());
        return RunVerdicts.recording(report, "the workload", end.thrown(), null);
    }

    private RunEnd runInThisJvm(ActiveRun run, WatchList watch, CrashPlan plan, Workload workload) {
        return exclusively(() -> {
            MethodSelectors.instrumentFor(watch, plan);
            Throwable thrown = null;
            ProcessContext outside = run.enter();
            EngineControls.activate(run);
            try {
                workload.run();
            } catch (Throwable t) {
                thrown = t;
            } finally {
                run.leave(outside);
            }
            List<String> busy = run.awaitStopped();
            // its calls stay refused until the case ends (releaseDeadProcess), and earlier dead processes' too
            settleDeadProcesses(run.crashed() ? run : null, run);
            return new RunEnd(thrown, busy);
        });
    }

    /** {@link BoundaryEngine#runSchedule}. */
    ScheduledRun schedule(WatchList watch, Instances instances, List<Move> moves) {
        return exclusively(() -> {
            MethodSelectors.instrumentFor(watch, null);
            InstancesSink sink = new InstancesSink();
            ScheduledRun run;
            try {
                run = new ScheduledRuns(watch, instances, moves).run(sink, () -> EngineControls.activate(sink));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(InstanceMessages.interrupted().sentences(), e);
            } finally {
                settleDeadProcesses(null, sink);
            }
            return new ScheduledRun(run.instances(), run.timeline(), run.deadlock(), newProblems());
        });
    }

    /** Runs {@code run} as this JVM's one in-process run; refused while another runs. */
    private <T> T exclusively(Supplier<T> run) {
        Thread current = Thread.currentThread();
        if (!inProcessRun.compareAndSet(null, current)) {
            Thread other = inProcessRun.get();
            throw new IllegalStateException(SetupMessages.runsOverlap(other == null ? "?" : other.getName())
                    .sentences());
        }
        try {
            return run.get();
        } finally {
            inProcessRun.set(null);
        }
    }

    /** Runs in the child JVM: the workload under the plan; halts at the hit, else reports and returns an exit code. */
    int runAsChild(RunFiles.ChildPlan childPlan, Workload workload, Path reportFile) {
        CrashPlan plan = childPlan.plan();
        RunKind kind = RunKind.inAChild(childPlan, report -> halt(plan, childPlan.watch(), report, reportFile));
        WatchList watch = kind.watch();
        ActiveRun run = new ActiveRun(kind);
        Throwable thrown = runInThisJvm(run, watch, plan, workload).thrown();
        if (thrown != null) {
            System.err.print(WorkloadTrace.of(thrown));
        }
        RunReport report = run.report(outcome(run, thrown), thrown == null ? null : thrown.toString(), newProblems());
        RunFiles.writeReport(reportFile, MethodSelectors.withMethodNotes(report, watch, plan));
        return thrown == null ? 0 : 1;
    }

    private void halt(CrashPlan plan, WatchList watch, RunReport report, Path reportFile) {
        RunReport noted = MethodSelectors.withMethodNotes(report, watch.forCrashRun(), plan);
        RunReport withProblems = noted.with(noted.notes(), newProblems());
        RunFiles.writeReport(reportFile, withProblems);
        System.out.flush();
        System.err.println(
                "[DeliveryKit] halting at " + plan.describe() + " with exit code " + BoundaryEngine.CRASH_EXIT_CODE);
        System.err.flush();
        Runtime.getRuntime().halt(BoundaryEngine.CRASH_EXIT_CODE);
    }

    /** Instrumentation problems not reported by an earlier run. */
    private synchronized List<String> newProblems() {
        if (Instrumenter.get().problemCount() == problemsReported) {
            return List.of();
        }
        List<InstrumentationProblem> all = Instrumenter.get().problems();
        List<String> fresh = all.subList(Math.min(problemsReported, all.size()), all.size()).stream()
                .map(InstrumentationProblem::describe)
                .collect(Collectors.toList());
        problemsReported = all.size();
        return fresh;
    }
}
