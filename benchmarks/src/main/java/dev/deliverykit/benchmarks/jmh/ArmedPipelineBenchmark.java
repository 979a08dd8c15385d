package dev.deliverykit.benchmarks.jmh;

import dev.deliverykit.benchmarks.pipeline.OrderedBoundaries;
import dev.deliverykit.benchmarks.pipeline.PipelineStream;
import dev.deliverykit.benchmarks.pipeline.Scratch;
import dev.deliverykit.boundary.BoundaryEngine;
import dev.deliverykit.boundary.BoundaryNotReachedError;
import dev.deliverykit.boundary.CrashPlan;
import dev.deliverykit.boundary.WatchList;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * B3: a batch of events through the open reference pipeline (advance, relay, apply; four writing commits
 * each), three ways, each in its own JVM (the suite starts the forks with or without the agent):
 * <ul>
 *   <li>{@link #armedRunNeverHit}: agent installed, and the whole batch is ONE engine run
 *       ({@code crashInProcess}) armed at a reference boundary the pipeline never reaches; the run ends in
 *       {@link BoundaryNotReachedError}, whose cost is included;</li>
 *   <li>{@link #installedIdle}: agent installed and JDBC advice woven, no run active;</li>
 *   <li>{@link #withoutAgent}: a JVM without the agent.</li>
 * </ul>
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class ArmedPipelineBenchmark {

    /** The open pipeline on fresh files, for the whole trial. */
    @State(Scope.Thread)
    public static class Pipeline {
        /** Events per measured operation. */
        @Param("6")
        public int events;

        Scratch scratch;
        PipelineStream stream;

        @Setup(Level.Trial)
        public void open() {
            scratch = Scratch.create("pipeline");
            stream = PipelineStream.open(scratch.next());
        }

        @TearDown(Level.Trial)
        public void close() {
            stream.close();
            scratch.close();
        }
    }

    /** The engine with its JDBC advice woven (by one empty recording), and the plan that is never hit. */
    @State(Scope.Benchmark)
    public static class Armed {
        CrashPlan neverHit;

        @Setup(Level.Trial)
        public void weave() {
            neverHit = CrashPlan.at(OrderedBoundaries.catalogue(), OrderedBoundaries.NEVER_REACHED_BY_THE_PIPELINE);
            BoundaryEngine.get().record(WatchList.of(neverHit.boundary()), () -> { });
        }
    }

    /** One armed engine run around the batch; the boundary is never reached. */
    @Benchmark
    public BoundaryNotReachedError armedRunNeverHit(Pipeline pipeline, Armed armed) {
        try {
            BoundaryEngine.get().crashInProcess(armed.neverHit, () -> pipeline.stream.nextEvents(pipeline.events));
        } catch (BoundaryNotReachedError expected) {
            return expected;
        }
        throw new IllegalStateException("the run reached " + armed.neverHit + ", which the ordered pipeline never"
                + " executes; the benchmark would time a crash instead of an armed, never-hit run");
    }

    /** The batch with the agent installed and woven but no run active. */
    @Benchmark
    public void installedIdle(Pipeline pipeline, Armed armed) {
        pipeline.stream.nextEvents(pipeline.events);
    }

    /** The batch in a JVM without the agent. */
    @Benchmark
    public void withoutAgent(Pipeline pipeline) {
        pipeline.stream.nextEvents(pipeline.events);
    }
}
