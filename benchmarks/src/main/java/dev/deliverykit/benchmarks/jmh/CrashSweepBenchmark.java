package dev.deliverykit.benchmarks.jmh;

import dev.deliverykit.benchmarks.pipeline.CrashCase;
import dev.deliverykit.benchmarks.pipeline.OrderedBoundaries;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/**
 * B6: the crash sweep over the ten boundaries of protocols.md section 2: per operation ten in-process
 * crash cases (each on fresh files: workload to the boundary, crash, recovery, check).
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class CrashSweepBenchmark {

    /** The ten cases, one after another. */
    @Benchmark
    public int sweepTenBoundaries(CrashCaseBenchmark.Cases cases, CrashCaseBenchmark.Engine engine) {
        int crashed = 0;
        for (String boundary : OrderedBoundaries.TEN) {
            CrashCase.crashRecoverAndCheck(cases.scratch.next(), boundary);
            crashed++;
        }
        return crashed;
    }
}
