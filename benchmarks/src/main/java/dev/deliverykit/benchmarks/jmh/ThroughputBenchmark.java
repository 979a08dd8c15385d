package dev.deliverykit.benchmarks.jmh;

import dev.deliverykit.benchmarks.pipeline.PipelineStream;
import dev.deliverykit.benchmarks.pipeline.RawCommits;
import dev.deliverykit.benchmarks.pipeline.Scratch;
import dev.deliverykit.reference.SqliteDatabase;
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
 * B5: one event per transaction through the open reference pipeline (four writing commits over two files)
 * against one raw single-row commit on an open connection with the same pragmas. No agent.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ThroughputBenchmark {

    /** The open pipeline. */
    @State(Scope.Thread)
    public static class Pipeline {
        Scratch scratch;
        PipelineStream stream;

        @Setup(Level.Trial)
        public void open() {
            scratch = Scratch.create("throughput");
            stream = PipelineStream.open(scratch.next());
        }

        @TearDown(Level.Trial)
        public void close() {
            stream.close();
            scratch.close();
        }
    }

    /** One open connection for raw commits. */
    @State(Scope.Thread)
    public static class Raw {
        Scratch scratch;
        RawCommits log;

        @Setup(Level.Trial)
        public void open() {
            scratch = Scratch.create("raw");
            log = RawCommits.open(SqliteDatabase.at(scratch.next().resolve("raw.db")));
        }

        @TearDown(Level.Trial)
        public void close() {
            log.close();
            scratch.close();
        }
    }

    /** One event: advance, relay, apply. */
    @Benchmark
    public void oneEvent(Pipeline pipeline) {
        pipeline.stream.nextEvent();
    }

    /** One single-row commit. */
    @Benchmark
    public void rawCommit(Raw raw) {
        raw.log.commitOneRow();
    }
}
