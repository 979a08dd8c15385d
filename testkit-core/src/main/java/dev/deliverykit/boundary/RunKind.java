package dev.deliverykit.boundary;

import dev.deliverykit.Fault;
import java.util.List;
import java.util.function.Consumer;

/**
 * What one run of a workload is for, with what it carries: a recording watches and keeps what it saw; an instance of a
 * scheduled run records too and waits for its turn at each point; an armed run carries its plan and, at the plan's
 * hit, kills the process in this JVM, halts a child JVM, or fails the call.
 */
sealed interface RunKind permits RunKind.Record, RunKind.Scheduled, RunKind.Armed {

    /** What the run watches. */
    WatchList watch();

    /** The table that counts the run's hits, armed at the plan's boundary if the run has one. */
    WatchTable table();

    /** The databases of other processes, whose connections outlive this process's death. */
    List<String> survivors();

    /** A crash-free run that records every hit of what it watches. */
    record Record(WatchList watch) implements RunKind {

        @Override
        public WatchTable table() {
            return WatchTable.recording(watch);
        }

        @Override
        public List<String> survivors() {
            return List.of();
        }
    }

    /**
     * One instance of several that run at once: it records every hit as a recording does, and at each call that
     * records hits (its points) waits for its turn.
     */
    record Scheduled(WatchList watch, ScheduledInstance instance) implements RunKind {

        @Override
        public WatchTable table() {
            return WatchTable.recording(watch);
        }

        @Override
        public List<String> survivors() {
            return List.of();
        }
    }

    /** A run armed at its plan's hit. */
    sealed interface Armed extends RunKind permits Crash, Halt, Fail {

        CrashPlan plan();

        @Override
        default WatchTable table() {
            return new WatchTable(watch(), plan());
        }

        @Override
        default List<String> survivors() {
            return plan().otherProcessDatabases();
        }
    }

    /** The simulated process dies at the hit, in this JVM. */
    record Crash(CrashPlan plan, WatchList watch) implements Armed {}

    /** A child JVM hands its report to {@code halt} at the hit, which ends the JVM. */
    record Halt(CrashPlan plan, WatchList watch, Consumer<RunReport> halt) implements Armed {}

    /** The call at the hit fails ({@link Fault#FAILURE}); the process lives on. */
    record Fail(CrashPlan plan, WatchList watch) implements Armed {}

    /** The run of {@code plan} in this JVM: its failure, or its crash. */
    static Armed inThisJvm(CrashPlan plan, WatchList watch) {
        return plan.fault() == Fault.FAILURE ? new Fail(plan, watch) : new Crash(plan, watch);
    }

    /** The run of a child JVM: a recording without a plan, else its failure, or a crash that {@code halt}s it. */
    static RunKind inAChild(RunFiles.ChildPlan childPlan, Consumer<RunReport> halt) {
        CrashPlan plan = childPlan.plan();
        if (plan == null) {
            return new Record(childPlan.watch());
        }
        WatchList watch = childPlan.watch().forCrashRun();
        return plan.fault() == Fault.FAILURE ? new Fail(plan, watch) : new Halt(plan, watch, halt);
    }
}
