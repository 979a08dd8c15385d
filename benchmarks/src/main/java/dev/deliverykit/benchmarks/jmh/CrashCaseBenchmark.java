package dev.deliverykit.benchmarks.jmh;

import dev.deliverykit.benchmarks.pipeline.CrashCase;
import dev.deliverykit.benchmarks.pipeline.OrderedBoundaries;
import dev.deliverykit.benchmarks.pipeline.RawCommits;
import dev.deliverykit.benchmarks.pipeline.Scratch;
import dev.deliverykit.boundary.BoundaryEngine;
import dev.deliverykit.boundary.CrashResult;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * B1: one in-process crash case on fresh files (workload to the boundary, crash, recovery, invariant
 * check) against the floor, the same twelve SQLite commits on two fresh files with nothing else; and,
 * to show the kit's own share, the same case run to completion without the kit.
 *
 * <p>The boundary is {@code apply.after-commit} (exit of {@code OrderedConsumer#apply}), the last of the
 * ten: the whole workload runs before the crash, and it is the method B7 gives Byteman.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class CrashCaseBenchmark {

    /** Fresh case directories; deleted between iterations. */
    @State(Scope.Thread)
    public static class Cases {
        Scratch scratch;

        @Setup(Level.Trial)
        public void create() {
            scratch = Scratch.create("cases");
        }

        @TearDown(Level.Iteration)
        public void clear() {
            scratch.clear();
        }

        @TearDown(Level.Trial)
        public void delete() {
            scratch.close();
        }
    }

    /** The engine, installed before measuring (installation is B4's figure, not B1's). */
    @State(Scope.Benchmark)
    public static class Engine {
        @Setup(Level.Trial)
        public void install() {
            BoundaryEngine.get().installation();
        }
    }

    /** Crash at apply.after-commit, recover, check. */
    @Benchmark
    public CrashResult crashRecoverCheck(Cases cases, Engine engine) {
        return CrashCase.crashRecoverAndCheck(cases.scratch.next(), OrderedBoundaries.APPLY_AFTER_COMMIT);
    }

    /** The ten boundaries in turn, one per operation: what the average case of the ten-boundary table costs. */
    @State(Scope.Thread)
    public static class Rotation {
        int next;

        String boundary() {
            String boundary = OrderedBoundaries.TEN.get(next);
            next = (next + 1) % OrderedBoundaries.TEN.size();
            return boundary;
        }
    }

    /** Crash at the next of the ten boundaries, recover, check (B6's context: the case mix of a sweep). */
    @Benchmark
    public CrashResult crashRecoverCheckEachBoundaryInTurn(Cases cases, Engine engine, Rotation rotation) {
        return CrashCase.crashRecoverAndCheck(cases.scratch.next(), rotation.boundary());
    }

    /** The floor: the case's twelve commits (six writing one row) on two fresh files. */
    @Benchmark
    public void rawSameCommits(Cases cases) {
        RawCommits.sameCommitsAsTheCrashCase(cases.scratch.next());
    }

    /** The same workload, recovery and check without the kit and without a crash (in a JVM without the agent). */
    @Benchmark
    public void sameCaseWithoutKit(Cases cases) {
        CrashCase.runRecoverAndCheckWithoutCrash(cases.scratch.next());
    }
}
